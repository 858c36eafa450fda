import { CALL_QUOTA_EXHAUSTED, NO_FEATURES, NO_TIME_LIMIT_FOUND, type Usage } from '@doppel/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Vapi from '@vapi-ai/web';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloneProfile, jsonResponse, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';
import { PREFERRED_LANGUAGE_KEY } from './language-select';
import { MIC_REFUSED } from './use-voice-call';

// The browser's microphone (jsdom has none): the permission is granted, nothing is streamed.
vi.mock('../dictation/recorder', () => ({
  streamMicrophone: async () => ({ stop: () => undefined, setMuted: () => undefined }),
}));

const WEB_CALL = {
  id: 'call-1',
  webCallUrl: 'https://vapi.daily.co/room1',
  artifactPlan: { videoRecordingEnabled: false },
};

function api(options: { signedIn?: boolean; usage?: Partial<Usage>; start?: () => Response } = {}) {
  const answer: Usage = usage({
    usage: { messages: 0, voice_seconds: 0, video_seconds: 0 },
    quota: { messages: 10, voice_seconds: 600, video_seconds: 0 },
    permissions: { can_send_message: true, can_make_call: true, can_make_video_call: false },
    ...options.usage,
  });
  return mockApi({
    'GET /api/clones/demo': () =>
      jsonResponse(
        cloneProfile({
          language: 'French',
          features: { ...NO_FEATURES, voiceCall: true, voiceLanguages: true },
          monetization: {
            anonymous_quota: { messages: 10, voice_minutes: 10, video_minutes: 0 },
            has_upsell_options: false,
            learn_more_url: null,
          },
        }),
      ),
    'GET /api/me': () => jsonResponse({ user: options.signedIn ? user() : null, relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(answer),
    'GET /api/clones/demo/memberships': () => jsonResponse({ memberships: [], active_subscription: null }),
    'POST /api/calls/voice': () =>
      options.start?.() ??
      jsonResponse({
        provider: 'vapi',
        conversationId: 'conv-1',
        publicKey: 'public-key',
        baseUrl: 'http://127.0.0.1:9/vapi',
        webCall: WEB_CALL,
        callLimitSeconds: null,
      }),
    'POST /api/voice-failures': () => jsonResponse({ ok: true }),
  });
}

/** The SDK instances the page made, each joined as the real SDK is — but to no room. */
let joined: { vapi: Vapi; webCall: unknown }[] = [];
beforeEach(() => {
  joined = [];
  vi.spyOn(Vapi.prototype, 'reconnect').mockImplementation(async function (this: Vapi, webCall) {
    joined.push({ vapi: this, webCall });
  });
  vi.spyOn(Vapi.prototype, 'stop').mockImplementation(async () => undefined);
  // The room's microphone (no room is joined here).
  vi.spyOn(Vapi.prototype, 'setMuted').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

async function startCall() {
  const mocked = api();
  renderApp('/demo/call');
  // The usage known first: the start button checks the paywall triggers against it.
  await screen.findByText('10 minutes left');
  await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
  await waitFor(() => expect(joined).toHaveLength(1));
  const sdk = joined[0]?.vapi;
  if (!sdk) throw new Error('no SDK');
  return { mocked, sdk };
}

const status = () => screen.getByRole('status').textContent ?? '';

describe('a call on Vapi, driven by @vapi-ai/web’s events (spec/calls.md §3, §4)', () => {
  it('joins the server’s call in the chosen language; events drive the status rings and the transcript; End stops the SDK', async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, 'de');
    const { mocked, sdk } = await startCall();
    expect(mocked.calls.find((c) => c.key === 'POST /api/calls/voice')?.body).toMatchObject({
      slug: 'demo',
      language: 'de',
    });
    expect(joined[0]?.webCall).toEqual(WEB_CALL);
    expect(status()).toMatch(/Connecting/);

    act(() => void sdk.emit('call-start'));
    expect(status()).toMatch(/^Thinking · 00:0\d$/);
    // The language cannot change during the call.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveProperty('disabled', true);

    act(() => void sdk.emit('message', { type: 'speech-update', role: 'user', status: 'started' }));
    expect(status()).toMatch(/^Listening/);
    act(
      () =>
        void sdk.emit('message', {
          type: 'transcript',
          role: 'user',
          transcriptType: 'partial',
          transcript: 'how do',
        }),
    );
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText('how do').className).toContain('is-partial');
    act(
      () =>
        void sdk.emit('message', {
          type: 'transcript',
          role: 'user',
          transcriptType: 'final',
          transcript: 'how do I sharpen a chisel',
        }),
    );
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Youhow do I sharpen a chisel']);
    act(() => void sdk.emit('message', { type: 'speech-update', role: 'user', status: 'stopped' }));
    expect(status()).toMatch(/^Thinking/);
    act(() => void sdk.emit('speech-start'));
    expect(status()).toMatch(/^Talking/);
    expect(document.querySelector('.call-avatar')?.className).toContain('is-speaking');
    act(
      () =>
        void sdk.emit('message', {
          type: 'transcript',
          role: 'assistant',
          transcriptType: 'FINAL',
          transcript: 'Coarse stone first.',
        }),
    );
    act(() => void sdk.emit('speech-end'));
    expect(status()).toMatch(/^Listening/);
    expect(within(transcript).getAllByRole('listitem')).toHaveLength(2);

    act(() => void sdk.emit('volume-level', 0.4)); // not read
    await userEvent.click(screen.getByRole('button', { name: 'Mute microphone' }));
    expect(Vapi.prototype.setMuted).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Unmute microphone' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'End call' }));
    expect(await screen.findByText('Call Ended')).toBeTruthy();
    expect(Vapi.prototype.stop).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'View Transcript' }).getAttribute('href')).toContain('conv-1');
  });

  it('a call Vapi ends (its call-end) ends on the page', async () => {
    const { sdk } = await startCall();
    act(() => void sdk.emit('call-start'));
    act(() => void sdk.emit('call-end'));
    expect(await screen.findByText('Call Ended')).toBeTruthy();
  });

  it('an SDK error fails the call, with the failed panel, and is reported (captureVoiceFailure)', async () => {
    const { mocked, sdk } = await startCall();
    act(() => void sdk.emit('call-start'));
    act(() => void sdk.emit('error', { type: 'daily-error', error: { errorMsg: 'Meeting has ended' } }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    await waitFor(() => expect(mocked.calls.some((c) => c.key === 'POST /api/voice-failures')).toBe(true));
    expect(mocked.calls.find((c) => c.key === 'POST /api/voice-failures')?.body).toMatchObject({
      event_id: 'voice_call_failure',
      slug: 'demo',
      outcome: 'vapi-error',
      cause: expect.stringContaining('daily-error'),
    });
    // Later events are ignored once the call failed.
    act(() => void sdk.emit('call-start'));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });

  it('a microphone the SDK could not open shows the permission screen', async () => {
    const { mocked, sdk } = await startCall();
    act(() => void sdk.emit('camera-error', { error: { type: 'permissions', msg: 'NotAllowedError' } }));
    expect(await screen.findByText('Enable Microphone access to call')).toBeTruthy();
    expect(await screen.findByText(MIC_REFUSED)).toBeTruthy();
    await waitFor(() =>
      expect(mocked.calls.find((c) => c.key === 'POST /api/voice-failures')?.body).toMatchObject({
        outcome: 'microphone',
      }),
    );
  });

  it('offers the 31 voice languages, the clone’s own first chosen', async () => {
    api();
    renderApp('/demo/call');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option')).toHaveLength(31);
    expect((select as HTMLSelectElement).value).toBe('fr');
    await userEvent.selectOptions(select, 'es');
    expect(localStorage.getItem(PREFERRED_LANGUAGE_KEY)).toBe('es');
  });
});

describe("a signed-in caller's limits on the call page (spec/calls.md §4, §5)", () => {
  it('a call the server refuses for lack of time (402) opens the tiers dialog, worded for call minutes', async () => {
    const mocked = api({
      signedIn: true,
      usage: { anonymous: false },
      start: () => jsonResponse({ error: CALL_QUOTA_EXHAUSTED }, 402),
    });
    renderApp('/demo/call');
    await screen.findByText('10 minutes left');
    await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Keep talking with Ada Demo')).toBeTruthy();
    expect(
      within(dialog).getByText(
        "You've used all the call minutes included in your plan this month. A membership gives you more.",
      ),
    ).toBeTruthy();
    expect(mocked.calls.filter((c) => c.key === 'POST /api/calls/voice')).toHaveLength(1);
    expect(joined).toHaveLength(0);
  });

  it("a signed-in caller whose usage has no time limit: the call stops with 'No time limit found'", async () => {
    // The usage answer is an anonymous visitor's: no time-limit value for this signed-in caller.
    api({ signedIn: true, usage: { anonymous: true } });
    renderApp('/demo/call');
    const start = await screen.findByRole('button', { name: 'Start a call' });
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    await userEvent.click(start);
    await waitFor(() => expect(joined).toHaveLength(1));
    act(() => void joined[0]?.vapi.emit('call-start'));
    expect(await screen.findByText(NO_TIME_LIMIT_FOUND)).toBeTruthy();
    expect(await screen.findByText('Call Ended')).toBeTruthy();
    expect(Vapi.prototype.stop).toHaveBeenCalled();
  });
});
