import { FREE_VIDEO_MINUTES_USED, NO_FEATURES } from '@doppel/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloneProfile, jsonResponse, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';
import { dailyParticipant, FakeDailyCall } from './fake-daily-call';

/**
 * The video screen's countdown on a controlled clock (spec/calls.md §2, §4, §5): 'N minutes left'
 * in whole minutes rounded down, never below 1; at zero the call ends ('quota', told to the
 * server) and the paywall opens — for a visitor, the sign-in step worded for video. The call runs
 * on Tavus through Daily's call object driven by its events (the local provider needs a socket).
 */
const daily = vi.hoisted(() => ({ current: null as null | { callObject: unknown } }));
vi.mock('@daily-co/daily-js', () => ({ default: { createCallObject: () => daily.current?.callObject } }));
vi.mock('../dictation/recorder', async (original) => ({
  ...(await original<typeof import('../dictation/recorder')>()),
  streamMicrophone: async () => ({ level: () => 0, setMuted: () => undefined, stop: () => undefined }),
}));

const CALL = '0b7c6a1e-0000-4000-8000-00000000000b';
const clone = cloneProfile({
  features: { ...NO_FEATURES, videoCall: true },
  options: { ...cloneProfile().options, allowVideo: true },
  monetization: {
    anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 3 },
    has_upsell_options: false,
    learn_more_url: null,
  },
});
const threeMinutes = usage({
  usage: { messages: 0, voice_seconds: 0, video_seconds: 0 },
  quota: { messages: 10, voice_seconds: 0, video_seconds: 180 },
  permissions: { can_send_message: true, can_make_call: false, can_make_video_call: true },
});

/** A member with one minute of video left this month. */
const oneMinute = usage({
  anonymous: false,
  usage: { messages: 0, voice_seconds: 0, video_seconds: 540 },
  quota: { messages: 10, voice_seconds: 0, video_seconds: 600 },
  permissions: { can_send_message: true, can_make_call: false, can_make_video_call: true },
});

function serve(signedIn = false) {
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(clone),
    'GET /api/me': () => jsonResponse({ user: signedIn ? user() : null, relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(signedIn ? oneMinute : threeMinutes),
    'GET /api/clones/demo/memberships': () => jsonResponse({ memberships: [], active_subscription: null }),
    'POST /api/calls/video': () =>
      jsonResponse({
        videoCallId: CALL,
        conversationId: 'conv-1',
        provider: 'tavus',
        socketPath: null,
        conversationUrl: 'https://tavus.daily.co/c7',
        providerConversationId: 'c7',
        maxSeconds: 3600,
        providerRecords: false,
      }),
    [`POST /api/calls/video/${CALL}/end`]: () =>
      jsonResponse({
        id: CALL,
        conversationId: 'conv-1',
        cloneSlug: 'demo',
        cloneName: 'Ada Demo',
        provider: 'tavus',
        status: 'ENDED',
        endReason: 'quota',
        recordingStatus: 'Idle',
        recordingUrl: null,
        recordingDurationMs: null,
        startedAt: new Date().toISOString(),
        endedAt: new Date().toISOString(),
        seconds: 180,
      }),
    [`POST /api/calls/video/${CALL}/report`]: () => new Response(null, { status: 201 }),
  });
}

const countdown = () => document.querySelector('.video-countdown')?.textContent;

/** Starts a call from the start overlay and brings the replica in: the call is live. */
async function startLiveCall(fake: FakeDailyCall) {
  const start = await screen.findByRole('button', { name: 'Start Video Call' });
  await waitFor(() => expect(start).toHaveProperty('disabled', false));
  act(() => start.click());
  // Joined 1 s after the start; live when the replica is in the room.
  await act(() => vi.advanceTimersByTimeAsync(1_100));
  await waitFor(() => expect(fake.joined).toHaveLength(1));
  const replica = dailyParticipant('replica-1', false);
  fake.remote = replica;
  act(() => fake.emit('participant-joined', { participant: replica }));
  // Its video plays: the 30 s replica timeout is over.
  const video = { kind: 'video', id: 'video-1' } as unknown as MediaStreamTrack;
  act(() => fake.emit('track-started', { participant: replica, track: video, type: 'video' }));
  await waitFor(() => expect(screen.getByRole('timer', { name: 'Call time' })).toBeTruthy());
}

describe("the video screen's countdown (spec/calls.md §5), on fake timers", () => {
  let fake: FakeDailyCall;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // No camera in jsdom: the self-view says so, the call goes on.
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('No camera', 'NotFoundError')),
        enumerateDevices: () => Promise.resolve([]),
      },
    });
    fake = new FakeDailyCall();
    daily.current = fake;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("counts 3, 2, 1 minutes left, stays at '1 minute left' to the end, then ends the call and opens the paywall", async () => {
    const { calls } = serve();
    renderApp('/demo/video');
    await startLiveCall(fake);
    expect(countdown()).toBe('3 minutes left');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(countdown()).toBe('2 minutes left');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(countdown()).toBe('1 minute left');
    expect(screen.getByRole('timer', { name: 'Call time' }).textContent).toMatch(/^01:0\d$/);
    // Seconds from the end: still '1 minute left' (never below 1), the call still on.
    await act(() => vi.advanceTimersByTimeAsync(110_000));
    expect(countdown()).toBe('1 minute left');
    expect(calls.some((c) => c.key === `POST /api/calls/video/${CALL}/end`)).toBe(false);

    // Zero: the call ends for lack of time, the server is told, the paywall asks a visitor to sign in.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/calls/video/${CALL}/end`)?.body).toEqual({
        reason: 'quota',
      }),
    );
    expect(fake.calls).toContain('leave');
    expect(await screen.findByText(FREE_VIDEO_MINUTES_USED)).toBeTruthy();
    // Behind the modal sign-in dialog, the end overlay.
    expect(screen.getByRole('heading', { name: 'Call Ended', hidden: true })).toBeTruthy();
  });

  it("a member's last video minute runs out: the tiers dialog says video call minutes, not the voice call's", async () => {
    const { calls } = serve(true);
    renderApp('/demo/video');
    await startLiveCall(fake);
    expect(countdown()).toBe('1 minute left');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const dialog = await screen.findByRole('dialog', { name: 'Keep talking with Ada Demo' });
    expect(
      within(dialog).getByText(
        "You've used all the video call minutes included in your plan this month. A membership gives you more.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.key === `POST /api/calls/video/${CALL}/end`)?.body).toEqual({
      reason: 'quota',
    });
  });
});
