import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, latestCode, signIn } from './support/site';

/**
 * Issue 13 (text messages) in Chromium against the real server, whose text providers are the local
 * outbox (DEV_OUTBOX): a visitor asks for a text, signs in first ('You need to be logged in first.'),
 * opts in to SMS, gets the greeting, texts a question from the local inbound endpoint and gets the
 * clone's grounded answer back by SMS; STOP ends it. Then Telegram on a phone: the username, the
 * bot's link, /start, the greeting and an answer. Screenshots of each state of the panel.
 */
const QUESTION = 'What grits are your sharpening stones?';

/** The visitor's side of the local outbox: texts `text` as `from` and answers the clone's replies. */
async function textTheClone(
  request: APIRequestContext,
  medium: 'SMS' | 'TELEGRAM',
  from: string,
  text: string,
): Promise<string[]> {
  const res = await request.post('/api/dev/texts', { data: { medium, from, text } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { replies: string[] }).replies;
}

async function openGetAText(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('dialog', { name: 'Actions' }).getByRole('button', { name: 'Get a Text' }).click();
}

/** Signs in through the dialog the panel opened. */
async function signInThroughDialog(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'E-mail' }) });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue with e-mail' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Check your e-mail' });
  await codeStep.getByRole('textbox', { name: 'Code' }).fill(await latestCode(page.request, email));
  await expect(codeStep).toBeHidden();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor signs in, opts in to SMS, texts a question, gets the answer, and STOP ends it', async ({
    page,
  }) => {
    const phone = `555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const number = `+1${phone}`;
    await page.goto('/demo/talk');
    await openGetAText(page);
    await expect(page.getByText('You need to be logged in first.').first()).toBeVisible();
    await signInThroughDialog(page, `texter-${Date.now()}@example.com`);

    // Back from sign-in, the panel opens on the platform choice.
    const panel = page.getByRole('dialog', { name: 'Get a Text' });
    await expect(panel.getByRole('button')).toContainText(['SMS', 'WhatsApp', 'Telegram']);
    await page.screenshot({ path: 'test-results/get-a-text-platforms-1280.png' });
    await panel.getByRole('button', { name: /^SMS/ }).click();

    // The country comes from the IP address (a loopback address has none: the first country).
    await expect(panel.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    const confirm = panel.getByRole('button', { name: 'Confirm' });
    await panel.getByRole('textbox', { name: 'Phone number' }).fill('555');
    await expect(confirm).toBeDisabled();
    await panel
      .getByRole('textbox', { name: 'Phone number' })
      .fill(`(${phone.slice(0, 3)}) ${phone.slice(3)}`);
    // spec/calls.md §5: SMS needs the consent box.
    await expect(confirm).toBeDisabled();
    await panel.getByRole('checkbox').check();
    await expect(panel.getByText(/Reply STOP to opt out, HELP for help/)).toBeVisible();
    await page.screenshot({ path: 'test-results/get-a-text-sms-form-1280.png' });
    await expectAccessible(page, 'the Get a Text form');
    await confirm.click();
    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(panel).toBeHidden();

    // The greeting is in the outbox, addressed to the number.
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(number)}`);
    const { messages } = (await outbox.json()) as { messages: { channel: string; body: string }[] };
    expect(messages[0]).toMatchObject({
      channel: 'sms',
      body: expect.stringMatching(/Juniper Hale's AI clone/),
    });

    // A question by SMS: the grounded answer, with its facts, back on the same channel.
    const [answer] = await textTheClone(page.request, 'SMS', number, QUESTION);
    expect(answer).toMatch(/1000/);
    expect(answer).toMatch(/4000/);
    expect(answer).toMatch(/8000/);
    expect(answer).toMatch(/\n\nSources: \S/);

    // STOP is answered once; after it, nothing.
    expect(await textTheClone(page.request, 'SMS', number, 'STOP')).toEqual([
      expect.stringMatching(/unsubscribed/),
    ]);
    expect(await textTheClone(page.request, 'SMS', number, QUESTION)).toEqual([]);

    // The texts are a conversation of the user's, in their history.
    await page.reload();
    await page.getByRole('button', { name: 'Conversation history' }).click();
    await expect(page.getByRole('link', { name: new RegExp(QUESTION.slice(0, 20)) })).toBeVisible();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a visitor opts in to Telegram, opens the bot and gets answers there', async ({ page }) => {
    const username = `juniper_fan_${Date.now() % 100_000}`;
    await signIn(page);
    // The actions query opens the panel directly (spec/calls.md §2: actions=text).
    await page.goto('/demo/talk?actions=text');
    const panel = page.getByRole('dialog', { name: 'Get a Text' });
    await expect(panel).toBeVisible();
    await page.screenshot({ path: 'test-results/get-a-text-platforms-375.png' });
    await panel.getByRole('button', { name: /^Telegram/ }).click();
    const confirm = panel.getByRole('button', { name: 'Confirm' });
    await panel.getByRole('textbox', { name: 'Telegram username' }).fill('@ab');
    await expect(confirm).toBeDisabled();
    await panel.getByRole('textbox', { name: 'Telegram username' }).fill(`@${username}`);
    await page.screenshot({ path: 'test-results/get-a-text-telegram-form-375.png' });
    await confirm.click();
    const link = panel.getByRole('link', { name: 'Open Telegram' });
    await expect(link).toHaveAttribute('href', 'https://t.me/doppel_local_bot?start=demo');
    await page.screenshot({ path: 'test-results/get-a-text-telegram-link-375.png' });

    // The visitor opens the bot and presses Start: the greeting; then a question, answered.
    expect(await textTheClone(page.request, 'TELEGRAM', username, '/start demo')).toEqual([
      expect.stringMatching(/Juniper Hale's AI clone/),
    ]);
    const [answer] = await textTheClone(page.request, 'TELEGRAM', username, QUESTION);
    expect(answer).toMatch(/8000/);
    expect(await textTheClone(page.request, 'TELEGRAM', username, 'stop')).toEqual([
      expect.stringMatching(/unsubscribed/),
    ]);

    // WhatsApp: the greeting goes out and the panel shows the number to write to.
    await page.keyboard.press('Escape');
    await openGetAText(page);
    await panel.getByRole('button', { name: /^WhatsApp/ }).click();
    await panel
      .getByRole('textbox', { name: 'Phone number' })
      .fill(`555 01${String(Date.now() % 100_000).padStart(5, '0')}`);
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(panel.getByRole('link', { name: '+15550100000' })).toHaveAttribute(
      'href',
      'https://wa.me/15550100000',
    );
    await page.screenshot({ path: 'test-results/get-a-text-whatsapp-375.png' });
  });
});
