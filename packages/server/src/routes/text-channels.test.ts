/**
 * Issue 13 (text messages) on both databases: the greeting (POST /api/channels/greet), Twilio's
 * webhook (signature checked with the `twilio` library, idempotent by MessageSid), Telegram's
 * (secret token, idempotent by update_id), STOP and HELP, metering, ownership of the texts'
 * conversation, and the local inbound endpoint. Twilio and Telegram are local servers answering as
 * their APIs do; the server reaches them through its real providers.
 */
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  GREETINGS_PER_ADDRESS_PER_HOUR,
  GreetResponse,
  INVALID_PHONE_NUMBER,
  INVALID_TELEGRAM_USERNAME,
  LOGIN_REQUIRED,
  SMS_CONSENT_REQUIRED,
  TEXT_CHANNEL_UNAVAILABLE,
  TEXT_SEND_FAILED,
  TOO_MANY_GREETINGS,
} from '@doppel/protocol';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock } from '../../test/support/harness';
import { countMessages, seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { silentLogger } from '../logger';
import { type LocalTwilio, startLocalTwilio } from '../providers/sms/local-twilio';
import { type LocalTelegram, startLocalTelegram } from '../providers/telegram/local-telegram';
import { readOptIn } from '../store/relationships';
import { countryOf } from './text-channels';
import { BAD_TELEGRAM_SECRET, BAD_TWILIO_SIGNATURE } from './text-webhooks';

const ACCOUNT = { sid: `AC${'1'.repeat(32)}`, token: 'twilio-test-auth-token' };
const BOT = { token: '123456:ABCdefGhIJKlmNoPQRstuVWxyz012345', username: 'doppel_test_bot' };
const SECRET = 'telegram-webhook-secret-123';
const PUBLIC_URL = 'https://doppel.example';
const SMS_FROM = '+15550009999';
const WHATSAPP_FROM = '+15550008888';
const ANSWER = 'Plan the season on one page [1].';
const TEXTED_ANSWER = 'Plan the season on one page.\n\nSources: https://www.youtube.com/watch?v=abc123';

let seq = 0;
const uniqueNumber = () =>
  `+1555${String(Date.now() % 100_000).padStart(5, '0')}${String(++seq % 100).padStart(2, '0')}`;
const messageSid = () => `SM${(Date.now().toString(16) + String(++seq)).padStart(32, '0').slice(-32)}`;
const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

describe.each(testDatabases())('text messages on $name', ({ open }) => {
  let db: Db;
  let localTwilio: LocalTwilio;
  let localTelegram: LocalTelegram;
  let config: Config;
  let ips = 0;
  const clock = new ManualClock(new Date());

  const app = (overrides: Partial<Config> = {}) =>
    createApp({
      db,
      brain: scriptedBrain(['Plan the season ', 'on one page [1].']),
      config: { ...config, ...overrides },
      logger: silentLogger,
      clock,
    });
  const signedIn = async () => {
    const client = new TestClient(app(), { ip: `10.13.0.${++ips % 250}` });
    const { user } = await signIn(client, db, `texter${++seq}.${Date.now()}@example.com`);
    return { client, user };
  };
  /** A signed-in user who opted in to SMS from `tex` (greeted) with a new number. */
  const smsTexter = async () => {
    const { client, user } = await signedIn();
    const phone = uniqueNumber();
    const greeted = await client.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: phone,
      consent: true,
    });
    expect(greeted.status).toBe(200);
    return { client, user, phone };
  };
  /** Twilio's POST to the webhook, signed as Twilio signs it (or with `signature`). */
  const twilioPost = (client: TestClient, params: Record<string, string>, signature?: string) => {
    const url = `${PUBLIC_URL}/api/webhooks/twilio`;
    return client.request('/api/webhooks/twilio', {
      method: 'POST',
      body: new URLSearchParams(params).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(ACCOUNT.token, url, params),
      },
    });
  };
  const inboundSms = (from: string, body: string, sid = messageSid()) => ({
    MessageSid: sid,
    AccountSid: ACCOUNT.sid,
    From: from,
    To: SMS_FROM,
    Body: body,
  });
  const telegramPost = (client: TestClient, update: unknown, secret = SECRET) =>
    client.request('/api/webhooks/telegram', {
      method: 'POST',
      body: JSON.stringify(update),
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
    });
  const count = async (table: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
  /** The SMS the local Twilio got for `to`, bodies only. */
  const textsTo = (to: string) => localTwilio.messages.filter((m) => m.to === to).map((m) => m.body);

  beforeAll(async () => {
    db = await open();
    localTwilio = await startLocalTwilio(ACCOUNT);
    localTelegram = await startLocalTelegram(BOT);
    config = {
      ...loadConfig({
        PUBLIC_URL,
        TWILIO_ACCOUNT_SID: ACCOUNT.sid,
        TWILIO_AUTH_TOKEN: ACCOUNT.token,
        TWILIO_SMS_FROM: SMS_FROM,
        TWILIO_WHATSAPP_FROM: WHATSAPP_FROM,
        TWILIO_API_BASE: localTwilio.url,
        TELEGRAM_BOT_TOKEN: BOT.token,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_BASE: localTelegram.url,
      }),
      dataDir: 'memory://',
    };
    const texts = await seedClone(db, 'tex', { requireEmail: true });
    await db.query(
      `UPDATE clones SET options = options || '{"phoneSmsEnabled": true, "phoneWhatsAppEnabled": true, "telegramEnabled": true}'::jsonb WHERE id = $1`,
      [texts.id],
    );
    await seedClone(db, 'quiet', { requireEmail: true });
  });
  afterAll(async () => {
    await localTwilio.close();
    await localTelegram.close();
    await db.close();
  });

  it("answers GET /api/geo/country from the visitor's address", async () => {
    const res = await new TestClient(app(), { ip: '8.8.8.8' }).get('/api/geo/country');
    expect(await res.json()).toEqual({ country: 'US' });
    const local = await new TestClient(app()).get('/api/geo/country');
    expect(await local.json()).toEqual({ country: null });
  });

  it('offers the channels the clone enables and the deployment configures', async () => {
    const profile = (await (await new TestClient(app()).get('/api/clones/tex')).json()) as {
      features: Record<string, boolean>;
    };
    expect(profile.features).toMatchObject({ sms: true, whatsapp: true, telegram: true });
    const quiet = (await (await new TestClient(app()).get('/api/clones/quiet')).json()) as {
      features: Record<string, boolean>;
    };
    expect(quiet.features).toMatchObject({ sms: false, whatsapp: false, telegram: false });
  });

  it('refuses a greeting to anyone not signed in, bad input and closed channels, writing nothing', async () => {
    const anonymous = new TestClient(app());
    const before = { links: await count('text_links'), conversations: await count('conversations') };
    const anon = await anonymous.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: uniqueNumber(),
      consent: true,
    });
    expect([anon.status, await errorOf(anon)]).toEqual([401, LOGIN_REQUIRED]);
    const { client } = await signedIn();
    const cases: [unknown, number, string | RegExp][] = [
      [{ medium: 'SMS', slug: 'tex', phoneNumber: '555', consent: true }, 400, INVALID_PHONE_NUMBER],
      [{ medium: 'SMS', slug: 'tex', phoneNumber: uniqueNumber() }, 400, SMS_CONSENT_REQUIRED],
      [
        { medium: 'SMS', slug: 'tex', phoneNumber: uniqueNumber(), consent: false },
        400,
        SMS_CONSENT_REQUIRED,
      ],
      [{ medium: 'TELEGRAM', slug: 'tex', telegramUsername: 'ab' }, 400, INVALID_TELEGRAM_USERNAME],
      [{ medium: 'FAX', slug: 'tex', phoneNumber: uniqueNumber() }, 400, /medium/],
      [{ medium: 'SMS', slug: 'nobody', phoneNumber: uniqueNumber(), consent: true }, 404, 'Clone not found'],
      [
        { medium: 'SMS', slug: 'quiet', phoneNumber: uniqueNumber(), consent: true },
        400,
        TEXT_CHANNEL_UNAVAILABLE,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await client.post('/api/channels/greet', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(res)).toMatch(error);
    }
    expect({ links: await count('text_links'), conversations: await count('conversations') }).toEqual(before);
  });

  it('limits how often one user, or one number, is greeted', async () => {
    const { client } = await signedIn();
    const phone = uniqueNumber();
    const greet = () =>
      client.post('/api/channels/greet', { medium: 'SMS', slug: 'tex', phoneNumber: phone, consent: true });
    for (let i = 0; i < GREETINGS_PER_ADDRESS_PER_HOUR; i++) expect((await greet()).status).toBe(200);
    const sent = textsTo(phone).length;
    const refused = await greet();
    expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MANY_GREETINGS]);
    expect(textsTo(phone)).toHaveLength(sent);
    // The user's own hourly count runs out too, whatever the number.
    await client.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: uniqueNumber(),
      consent: true,
    });
    const overUser = await client.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: uniqueNumber(),
      consent: true,
    });
    expect(overUser.status).toBe(429);
  });

  it('greets by SMS through Twilio, opts in, and keeps the greeting in an SMS conversation', async () => {
    const { client, user } = await signedIn();
    const phone = uniqueNumber();
    const res = await client.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`,
      consent: true,
    });
    expect(res.status).toBe(200);
    expect(GreetResponse.parse(await res.json())).toEqual({
      medium: 'SMS',
      sent: true,
      whatsappNumber: null,
      telegramLink: null,
    });
    const sent = localTwilio.messages.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: SMS_FROM, messagingServiceSid: null });
    expect(sent[0]?.body).toMatch(/tex Lovelace's AI clone.*Reply HELP for help, STOP to opt out/);
    const [clone] = await db.query<{ id: string }>(`SELECT id FROM clones WHERE slug = 'tex'`);
    expect(await readOptIn(db, user.id, clone?.id ?? '')).toBe(true);
    const history = (await (await client.get('/api/clones/tex/conversations')).json()) as {
      id: string;
      medium: string;
    }[];
    const conversation = history.find((c) => c.medium === 'SMS');
    expect(conversation).toBeDefined();
    // Ownership: the texts' conversation is the user's; another visitor gets 404.
    expect((await new TestClient(app()).get(`/api/conversations/${conversation?.id}`)).status).toBe(404);
    const full = (await (await client.get(`/api/conversations/${conversation?.id}`)).json()) as {
      messages: { sender: string; text: string }[];
    };
    expect(full.messages.map((m) => m.sender)).toEqual(['CLONE']);
  });

  it('answers an SMS question in the conversation, once per MessageSid, and refuses a bad signature', async () => {
    const { phone } = await smsTexter();
    const twilioSide = new TestClient(app(), { cookies: false });
    const question = inboundSms(phone, 'How do you plan a season?');

    const messagesBefore = await countMessages(db);
    const eventsBefore = await count('text_inbound_events');
    const forged = await twilioPost(twilioSide, question, 'c2lnbmVkIGJ5IHNvbWVvbmUgZWxzZQ==');
    expect([forged.status, await errorOf(forged)]).toEqual([403, BAD_TWILIO_SIGNATURE]);
    // Signed for other parameters: refused too.
    const swapped = await twilioPost(
      twilioSide,
      { ...question, Body: 'something else' },
      twilio.getExpectedTwilioSignature(ACCOUNT.token, `${PUBLIC_URL}/api/webhooks/twilio`, question),
    );
    expect(swapped.status).toBe(403);
    expect([await countMessages(db), await count('text_inbound_events')]).toEqual([
      messagesBefore,
      eventsBefore,
    ]);

    const first = await twilioPost(twilioSide, question);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/xml/);
    expect(await first.text()).toContain('<Response');
    expect(textsTo(phone).at(-1)).toBe(TEXTED_ANSWER);
    expect(await countMessages(db)).toBe(messagesBefore + 2);

    const replay = await twilioPost(twilioSide, question);
    expect(replay.status).toBe(200);
    expect(textsTo(phone)).toHaveLength(2);
    expect(await countMessages(db)).toBe(messagesBefore + 2);
  });

  it('refuses a malformed delivery with 400 and a stranger gets no answer', async () => {
    const twilioSide = new TestClient(app(), { cookies: false });
    const bad = await twilioPost(twilioSide, {
      MessageSid: 'nope',
      AccountSid: ACCOUNT.sid,
      From: '+15550001111',
    });
    expect(bad.status).toBe(400);
    const stranger = uniqueNumber();
    const res = await twilioPost(twilioSide, inboundSms(stranger, 'hello?'));
    expect(res.status).toBe(200);
    expect(textsTo(stranger)).toEqual([]);
  });

  it('honours HELP and STOP: STOP opts out and is answered once, then nothing is answered', async () => {
    const { user, phone } = await smsTexter();
    const twilioSide = new TestClient(app(), { cookies: false });
    const messagesBefore = await countMessages(db);

    await twilioPost(twilioSide, inboundSms(phone, 'HELP'));
    expect(textsTo(phone).at(-1)).toMatch(
      /Reply STOP to opt out\. More: https:\/\/doppel\.example\/tex\/talk/,
    );
    await twilioPost(twilioSide, inboundSms(phone, 'Stop'));
    expect(textsTo(phone).at(-1)).toMatch(/You're unsubscribed from tex Lovelace's AI clone/);
    const [clone] = await db.query<{ id: string }>(`SELECT id FROM clones WHERE slug = 'tex'`);
    expect(await readOptIn(db, user.id, clone?.id ?? '')).toBe(false);
    const afterStop = textsTo(phone).length;
    await twilioPost(twilioSide, inboundSms(phone, 'STOP'));
    await twilioPost(twilioSide, inboundSms(phone, 'Are you still there?'));
    expect(textsTo(phone)).toHaveLength(afterStop);
    // Keywords are not questions: nothing was stored or charged.
    expect(await countMessages(db)).toBe(messagesBefore);

    await twilioPost(twilioSide, inboundSms(phone, 'START'));
    expect(textsTo(phone).at(-1)).toMatch(/subscribed to tex Lovelace's AI clone again/);
    expect(await readOptIn(db, user.id, clone?.id ?? '')).toBe(true);
  });

  it('meters texts as messages: at the limit an honest reply, nothing stored', async () => {
    const { phone } = await smsTexter();
    const limited = createApp({
      db,
      brain: scriptedBrain([ANSWER]),
      config: { ...config, usage: { ...config.usage, freeMessagesPerMonth: 1 } },
      logger: silentLogger,
      clock,
    });
    const twilioSide = new TestClient(limited, { cookies: false });
    await twilioPost(twilioSide, inboundSms(phone, 'First question?'));
    expect(textsTo(phone).at(-1)).toBe(TEXTED_ANSWER);
    const stored = await countMessages(db);
    await twilioPost(twilioSide, inboundSms(phone, 'Second question?'));
    expect(textsTo(phone).at(-1)).toMatch(/You've used all your messages with tex Lovelace's AI clone/);
    expect(await countMessages(db)).toBe(stored);
  });

  it('answers on WhatsApp through Twilio with whatsapp: addresses', async () => {
    const { client } = await signedIn();
    const phone = uniqueNumber();
    const res = await client.post('/api/channels/greet', {
      medium: 'WHATSAPP',
      slug: 'tex',
      phoneNumber: phone,
    });
    expect(GreetResponse.parse(await res.json())).toMatchObject({
      sent: true,
      whatsappNumber: WHATSAPP_FROM,
    });
    expect(localTwilio.messages.at(-1)).toMatchObject({
      to: `whatsapp:${phone}`,
      from: `whatsapp:${WHATSAPP_FROM}`,
    });
    await twilioPost(new TestClient(app(), { cookies: false }), {
      ...inboundSms(`whatsapp:${phone}`, 'How do you plan a season?'),
      To: `whatsapp:${WHATSAPP_FROM}`,
    });
    expect(localTwilio.messages.at(-1)).toMatchObject({ to: `whatsapp:${phone}`, body: TEXTED_ANSWER });
  });

  it('waits for the visitor to write first when WhatsApp refuses the greeting', async () => {
    const { client } = await signedIn();
    const phone = uniqueNumber();
    localTwilio.refuseNext({
      status: 400,
      code: 63016,
      message: 'Failed to send freeform message because you are outside the allowed window.',
    });
    const res = await client.post('/api/channels/greet', {
      medium: 'WHATSAPP',
      slug: 'tex',
      phoneNumber: phone,
    });
    expect(GreetResponse.parse(await res.json())).toMatchObject({
      sent: false,
      whatsappNumber: WHATSAPP_FROM,
    });
    await twilioPost(new TestClient(app(), { cookies: false }), {
      ...inboundSms(`whatsapp:${phone}`, 'How do you plan a season?'),
      To: `whatsapp:${WHATSAPP_FROM}`,
    });
    expect(localTwilio.messages.filter((m) => m.to === `whatsapp:${phone}`).map((m) => m.body)).toEqual([
      expect.stringMatching(/tex Lovelace's AI clone/),
      TEXTED_ANSWER,
    ]);
  });

  it('links Telegram when the visitor opens the bot, answers, and checks the secret token', async () => {
    const { client } = await signedIn();
    const username = `texter_${seq}_${Date.now() % 10_000}`;
    const res = await client.post('/api/channels/greet', {
      medium: 'TELEGRAM',
      slug: 'tex',
      telegramUsername: `@${username.toUpperCase()}`,
    });
    expect(GreetResponse.parse(await res.json())).toEqual({
      medium: 'TELEGRAM',
      sent: false,
      whatsappNumber: null,
      telegramLink: `https://t.me/${BOT.username}?start=tex`,
    });
    const chatId = 7_000_000 + seq;
    const update = (updateId: number, text: string) => ({
      update_id: updateId,
      message: {
        message_id: updateId,
        from: { id: chatId, is_bot: false, first_name: 'Tex', username },
        chat: { id: chatId, type: 'private' },
        date: 1_700_000_000,
        text,
      },
    });
    const telegramSide = new TestClient(app(), { cookies: false });
    const base = Date.now() % 1_000_000_000;
    const messagesBefore = await countMessages(db);
    const forged = await telegramPost(telegramSide, update(base, '/start tex'), 'not-the-secret-at-all');
    expect([forged.status, await errorOf(forged)]).toEqual([401, BAD_TELEGRAM_SECRET]);
    expect(localTelegram.messages.filter((m) => m.chatId === String(chatId))).toEqual([]);
    expect(await countMessages(db)).toBe(messagesBefore);

    expect((await telegramPost(telegramSide, update(base, '/start tex'))).status).toBe(200);
    const toChat = () => localTelegram.messages.filter((m) => m.chatId === String(chatId)).map((m) => m.text);
    expect(toChat()).toEqual([expect.stringMatching(/tex Lovelace's AI clone/)]);
    await telegramPost(telegramSide, update(base + 1, 'How do you plan a season?'));
    expect(toChat().at(-1)).toBe(TEXTED_ANSWER);
    await telegramPost(telegramSide, update(base + 1, 'How do you plan a season?'));
    expect(toChat()).toHaveLength(2);
    expect((await telegramPost(telegramSide, { update_id: 'x' })).status).toBe(400);
  });

  it('says so when the provider cannot send the greeting', async () => {
    const { client } = await signedIn();
    const broken = new TestClient(
      app({
        sms: { ...config.sms, twilio: config.sms.twilio && { ...config.sms.twilio, authToken: 'wrong' } },
      }),
      { cookies: false, headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ') } },
    );
    const res = await broken.post('/api/channels/greet', {
      medium: 'SMS',
      slug: 'tex',
      phoneNumber: uniqueNumber(),
      consent: true,
    });
    expect([res.status, await errorOf(res)]).toEqual([502, TEXT_SEND_FAILED]);
    expect(localTwilio.refused.at(-1)).toBe('401 20003');
  });

  it('keeps the local inbound endpoint to a developer machine with the local outbox', async () => {
    const res = await new TestClient(app()).post('/api/dev/texts', {
      medium: 'SMS',
      from: uniqueNumber(),
      text: 'hi',
    });
    expect(res.status).toBe(404);
    const dev = await new TestClient(app({ devOutbox: true })).post('/api/dev/texts', {
      medium: 'SMS',
      from: uniqueNumber(),
      text: 'hi',
    });
    // Twilio is the provider here: the local endpoint does not pretend to be it.
    expect(dev.status).toBe(404);
  });
});

describe.each(testDatabases())('the local text outbox on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    const clone = await seedClone(db, 'loc', { requireEmail: true });
    await db.query(
      `UPDATE clones SET options = options || '{"phoneSmsEnabled": true, "telegramEnabled": true}'::jsonb WHERE id = $1`,
      [clone.id],
    );
  });
  afterAll(() => db.close());

  it('offers SMS and Telegram on a developer machine, and the developer plays the visitor', async () => {
    const config = { ...loadConfig({ DEV_OUTBOX: 'on' }), dataDir: 'memory://' };
    const app = createApp({ db, brain: scriptedBrain([ANSWER]), config, logger: silentLogger });
    const client = new TestClient(app, { ip: '10.13.9.1' });
    await signIn(client, db, `local.texter.${Date.now()}@example.com`);
    const greet = await client.post('/api/channels/greet', {
      medium: 'TELEGRAM',
      slug: 'loc',
      telegramUsername: 'local_texter',
    });
    expect(GreetResponse.parse(await greet.json()).telegramLink).toBe(
      'https://t.me/doppel_local_bot?start=loc',
    );
    // The developer's own requests, made on this machine.
    const developer = new TestClient(app);
    const start = await developer.post('/api/dev/texts', {
      medium: 'TELEGRAM',
      from: '@Local_Texter',
      text: '/start loc',
    });
    expect(((await start.json()) as { replies: string[] }).replies).toEqual([
      expect.stringMatching(/loc Lovelace's AI clone/),
    ]);
    const asked = await developer.post('/api/dev/texts', {
      medium: 'TELEGRAM',
      from: 'local_texter',
      text: 'Plan?',
    });
    expect(await asked.json()).toEqual({ replies: [TEXTED_ANSWER] });
    const outbox = (await (await developer.get('/api/dev/outbox?to=@local_texter')).json()) as {
      messages: { channel: string; body: string }[];
    };
    expect(outbox.messages.map((m) => [m.channel, m.body])).toEqual([
      ['telegram', TEXTED_ANSWER],
      ['telegram', expect.stringMatching(/AI clone/)],
    ]);
    const bad = await developer.post('/api/dev/texts', { medium: 'SMS', from: 'not a number', text: 'hi' });
    expect(bad.status).toBe(400);
  });
});

describe('countryOf', () => {
  it("guesses the visitor's country from their IPv4 address, offline; null where it cannot", async () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('2001:db8::1')).toBeNull();
  });
});
