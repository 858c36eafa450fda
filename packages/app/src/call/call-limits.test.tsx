import { CALL_QUOTA_EXHAUSTED, FREE_CALL_MINUTES_USED, NO_FEATURES, type Usage } from '@doppel/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';
import { localCallTimeKey } from './local-call-time';

/** The demo clone taking calls, visitors getting `minutes` of them. */
const caller = (minutes: number) =>
  cloneProfile({
    features: { ...NO_FEATURES, voiceCall: true },
    monetization: {
      anonymous_quota: { messages: 10, voice_minutes: minutes, video_minutes: 0 },
      has_upsell_options: false,
      learn_more_url: null,
    },
  });

const voice = (used: number, quota: number, extra: Partial<Usage> = {}) =>
  usage({
    usage: { messages: 0, voice_seconds: used, video_seconds: 0 },
    quota: { messages: 10, voice_seconds: quota, video_seconds: 0 },
    permissions: { can_send_message: true, can_make_call: true, can_make_video_call: false },
    ...extra,
  });

function api(answer: Usage, signedIn = false, minutes = 3) {
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(caller(minutes)),
    'GET /api/me': () => jsonResponse({ user: signedIn ? user() : null, relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(answer),
    'GET /api/clones/demo/memberships': () => jsonResponse({ memberships: [], active_subscription: null }),
  });
}

const startCalls = (calls: { key: string }[]) => calls.filter((c) => c.key === 'POST /api/calls/voice');

afterEach(() => localStorage.clear());

describe('the call page’s limits (spec/calls.md §4, §5)', () => {
  it("counts down a visitor's time in whole minutes, rounded down", async () => {
    api(voice(30, 180));
    renderApp('/demo/call');
    expect(await screen.findByText('2 minutes left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a call' })).toHaveProperty('disabled', false);
  });

  it('a spent quota disables the start button, with the tooltip saying why, and no countdown', async () => {
    api(voice(180, 180));
    renderApp('/demo/call');
    await screen.findByRole('button', { name: 'Start a call' });
    // Disabled once the usage is known (the button moves into its tooltip's wrapper then).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start a call' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(CALL_QUOTA_EXHAUSTED);
    expect(screen.queryByText(/minutes? left/)).toBeNull();
  });

  it("a visitor whose browser counted no time left gets the paywall's sign-in instead of a call", async () => {
    localStorage.setItem(localCallTimeKey('demo', null), '0');
    const { calls } = api(voice(60, 180));
    renderApp('/demo/call');
    await screen.findByText('1 minute left');
    await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
    expect(await screen.findByText(FREE_CALL_MINUTES_USED)).toBeTruthy();
    expect(startCalls(calls)).toHaveLength(0);
  });

  it('with overage, or for the creator, there is no countdown; unlimited says Unlimited', async () => {
    api(voice(900, 600, { anonymous: false, billing: { is_overage_enabled: true } }), true);
    const overage = renderApp('/demo/call');
    await screen.findByRole('button', { name: 'Start a call' });
    await waitFor(() => expect(screen.queryByText(/left|Unlimited/)).toBeNull());
    overage.unmount();

    api(voice(0, -1, { anonymous: false, relationship: 'CREATOR' }), true);
    const creator = renderApp('/demo/call');
    await screen.findByRole('button', { name: 'Start a call' });
    await waitFor(() => expect(screen.queryByText(/left|Unlimited/)).toBeNull());
    creator.unmount();

    api(voice(0, -1, { anonymous: false }), true);
    renderApp('/demo/call');
    expect(await screen.findByText('Unlimited')).toBeTruthy();
  });
});
