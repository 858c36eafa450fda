import { NO_FEATURES, type Usage } from '@doppel/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localCallTimeKey } from '../call/local-call-time';
import { MIC_REFUSED } from '../call/use-voice-call';
import { cloneProfile, jsonResponse, usage } from '../test/fixtures';
import { mockEmbedApi, renderEmbed } from '../test/render-embed';

const calls = { ...NO_FEATURES, voiceCall: true };
const voiceUsage = (used: number): Usage =>
  usage({
    usage: { messages: 0, voice_seconds: used, video_seconds: 0 },
    quota: { messages: 10, voice_seconds: 180, video_seconds: 0 },
    permissions: { can_send_message: true, can_make_call: true, can_make_video_call: false },
  });

function api(features = calls, callLimitSeconds: number | null = null) {
  return mockEmbedApi({
    'GET /api/clones/demo': () =>
      jsonResponse(
        cloneProfile({
          features,
          monetization: {
            anonymous_quota: { messages: 10, voice_minutes: 3, video_minutes: 0 },
            has_upsell_options: false,
            learn_more_url: null,
          },
        }),
      ),
    'GET /api/clones/demo/usage': () => jsonResponse(voiceUsage(60)),
    'GET /api/embed/configs/cfg-1': () =>
      jsonResponse({
        id: 'cfg-1',
        cloneSlug: 'demo',
        instanceSlug: null,
        allowedOrigins: [],
        whitelabel: { logo: true, googleButton: true, accountMenuItems: true },
        mode: { mode: 'inline', autoHeight: false },
        colours: { accent: null, launcher: null },
        callLimitSeconds,
      }),
  });
}

afterEach(() => localStorage.clear());

describe('the embed’s call screen (spec/calls.md §2, §4)', () => {
  it('the chat links to the call screen, which /call renders instead of the chat', async () => {
    api();
    const chat = renderEmbed({ welcome: { mode: 'inline' } });
    const link = await screen.findByRole('link', { name: 'Call Ada Demo' });
    expect(link.getAttribute('href')).toMatch(/^\/embed\/demo\/call\?parent=/);
    chat.unmount();

    api();
    renderEmbed({ path: '/embed/demo/call', welcome: { mode: 'inline' } });
    expect(await screen.findByRole('button', { name: 'Start a call' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message Ada Demo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the chat with Ada Demo' }).getAttribute('href')).toMatch(
      /^\/embed\/demo\?parent=/,
    );
  });

  it('a clone that takes no calls here shows the chat on /call, and no Call link', async () => {
    api(NO_FEATURES);
    renderEmbed({ path: '/embed/demo/call', welcome: { mode: 'inline' } });
    expect(await screen.findByRole('textbox', { name: 'Message Ada Demo' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Call Ada Demo' })).toBeNull();
  });

  it("with the configuration's call limit, no time left tells the host voice-exhausted instead of the paywall", async () => {
    localStorage.setItem(localCallTimeKey('demo', null), '0');
    const { calls: requests } = api(calls, 180);
    const { host } = renderEmbed({ path: '/embed/demo/call?config=cfg-1', welcome: { mode: 'inline' } });
    await screen.findByText('1 minute left');
    await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
    await waitFor(() =>
      expect(host.events()).toContainEqual({ type: 'voice-exhausted', payload: { configId: 'cfg-1' } }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((c) => c.key === 'POST /api/calls/voice')).toHaveLength(0);
  });

  it('a refused microphone shows the permission screen and its toast', async () => {
    api();
    renderEmbed({ path: '/embed/demo/call', welcome: { mode: 'inline' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a call' }));
    expect(await screen.findByRole('heading', { name: 'Enable Microphone access to call' })).toBeTruthy();
    expect(screen.getByText('You can enable microphone access in your browser settings.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(await screen.findByText(MIC_REFUSED)).toBeTruthy();
  });
});
