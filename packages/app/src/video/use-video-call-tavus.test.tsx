import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppServices, ServicesProvider } from '../services';
import { mockApi } from '../test/render-app';
import { dailyParticipant, FakeDailyCall } from './fake-daily-call';
import { useVideoCall } from './use-video-call';

const daily = vi.hoisted(() => ({ current: null as null | { callObject: unknown } }));
vi.mock('@daily-co/daily-js', () => ({ default: { createCallObject: () => daily.current?.callObject } }));
// The voice pipeline checks the microphone before it starts a call.
vi.mock('../dictation/recorder', async (original) => ({
  ...(await original<typeof import('../dictation/recorder')>()),
  streamMicrophone: async () => ({ level: () => 0, setMuted: () => undefined, stop: () => undefined }),
}));

const CALL = '0b7c6a1e-0000-4000-8000-00000000000a';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const videoCall = (status: string, endReason: string | null) => ({
  id: CALL,
  conversationId: 'conv-1',
  cloneSlug: 'ada',
  cloneName: 'Ada',
  provider: 'tavus',
  status,
  endReason,
  recordingStatus: 'Idle',
  recordingUrl: null,
  recordingDurationMs: null,
  startedAt: new Date().toISOString(),
  endedAt: null,
  seconds: 1,
});

describe('the video call on Tavus, as the video screen drives it', () => {
  let fake: FakeDailyCall;
  beforeEach(() => {
    fake = new FakeDailyCall();
    daily.current = fake;
  });

  it('joins the Tavus room the server answered, is ACTIVE with the replica, reports what is said and how it ended', async () => {
    const { calls } = mockApi({
      'POST /api/calls/video': () =>
        json({
          videoCallId: CALL,
          conversationId: 'conv-1',
          provider: 'tavus',
          socketPath: null,
          conversationUrl: 'https://tavus.daily.co/c42',
          providerConversationId: 'c42',
          maxSeconds: 3600,
          providerRecords: true,
        }),
      [`POST /api/calls/video/${CALL}/recording/status`]: () => new Response(null, { status: 204 }),
      [`POST /api/calls/video/${CALL}/transcript`]: () => new Response(null, { status: 204 }),
      [`POST /api/calls/video/${CALL}/end`]: () => json(videoCall('ENDED', 'hangup')),
      [`POST /api/calls/video/${CALL}/report`]: () => new Response(null, { status: 201 }),
    });
    const services = createAppServices();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={services}>{children}</ServicesProvider>
    );
    const { result } = renderHook(
      () =>
        useVideoCall('ada', null, {
          camera: () => null,
          cameraStream: null,
          microphoneId: null,
          portrait: null,
          name: 'Ada',
          language: null,
          onExhausted: () => undefined,
        }),
      { wrapper },
    );
    expect(result.current.status).toBe('INACTIVE');
    act(() => result.current.start('Why bees?'));
    await vi.waitFor(() => expect(result.current.status).toBe('STARTING'));
    // Joined 1 s after the start, in the room Tavus made.
    await vi.waitFor(() => expect(fake.joined).toEqual([{ url: 'https://tavus.daily.co/c42' }]), {
      timeout: 3000,
    });
    expect(calls.find((c) => c.key === 'POST /api/calls/video')?.body).toMatchObject({
      question: 'Why bees?',
    });

    fake.remote = dailyParticipant('replica-1', false);
    act(() => fake.emit('participant-joined', { participant: fake.remote ?? dailyParticipant('x', false) }));
    expect(result.current.status).toBe('ACTIVE');
    expect(result.current.replicaVideo).toBe(false);
    expect(result.current.voice.startedAt).not.toBeNull();
    // Live: Tavus records it through Daily's recording.
    await vi.waitFor(() => expect(fake.calls).toContain('startRecording'));
    act(() => fake.emit('recording-started', { local: true }));
    expect(result.current.recording).toBe('Pending');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/calls/video/${CALL}/recording/status`)?.body).toEqual({
        status: 'Pending',
      }),
    );
    act(() =>
      fake.emit('app-message', {
        fromId: 'replica-1',
        data: {
          message_type: 'conversation',
          event_type: 'conversation.utterance',
          conversation_id: 'c42',
          properties: { role: 'replica', speech: 'Bees are kind.' },
        },
      }),
    );
    expect(result.current.voice.transcript).toEqual([{ role: 'assistant', text: 'Bees are kind.' }]);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/calls/video/${CALL}/transcript`)?.body).toMatchObject({
        text: 'Bees are kind.',
        participant: 'replica',
        provider_conversation_id: 'c42',
      }),
    );

    act(() => result.current.end('hangup'));
    expect(result.current.status).toBe('ENDED');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/calls/video/${CALL}/end`)?.body).toEqual({
        reason: 'hangup',
      }),
    );
    expect(fake.calls).toContain('leave');
    // The end report says when it went live (the replica's arrival) and lists it among the events.
    await vi.waitFor(() => {
      const report = calls.find((c) => c.key === `POST /api/calls/video/${CALL}/report`)?.body as
        | { liveAt: number | null; events: { name: string }[] }
        | undefined;
      expect(typeof report?.liveAt).toBe('number');
      expect(report?.liveAt).toEqual(result.current.voice.startedAt);
      expect(report?.events.map((e) => e.name)).toEqual(['started', 'live', 'ended']);
    });
  });

  it('after the call, asks the server until Tavus’s recording is ready: Pending, then Finished', async () => {
    let asked = 0;
    const { calls } = mockApi({
      'POST /api/calls/video': () =>
        json({
          videoCallId: CALL,
          conversationId: 'conv-1',
          provider: 'tavus',
          socketPath: null,
          conversationUrl: 'https://tavus.daily.co/c42',
          providerConversationId: 'c42',
          maxSeconds: 3600,
          providerRecords: true,
        }),
      [`POST /api/calls/video/${CALL}/recording/status`]: () => new Response(null, { status: 204 }),
      [`POST /api/calls/video/${CALL}/end`]: () => json(videoCall('ENDED', 'hangup')),
      [`POST /api/calls/video/${CALL}/report`]: () => new Response(null, { status: 201 }),
      // Tavus's recording callback reaches the server between the page's first and second ask.
      [`GET /api/calls/video/${CALL}`]: () => {
        asked += 1;
        return json({
          ...videoCall('ENDED', 'hangup'),
          recordingStatus: asked === 1 ? 'Pending' : 'Finished',
        });
      },
    });
    const services = createAppServices();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={services}>{children}</ServicesProvider>
    );
    const { result } = renderHook(
      () =>
        useVideoCall('ada', null, {
          camera: () => null,
          cameraStream: null,
          microphoneId: null,
          portrait: null,
          name: 'Ada',
          language: null,
          onExhausted: () => undefined,
        }),
      { wrapper },
    );
    act(() => result.current.start(null));
    await vi.waitFor(() => expect(fake.joined).toHaveLength(1), { timeout: 3000 });
    fake.remote = dailyParticipant('replica-1', false);
    act(() => fake.emit('participant-joined', { participant: fake.remote ?? dailyParticipant('x', false) }));
    act(() => fake.emit('recording-started', { local: true }));
    expect(result.current.recording).toBe('Pending');
    // Not asked while the call runs.
    expect(asked).toBe(0);
    act(() => result.current.end('hangup'));
    expect(result.current.status).toBe('ENDED');
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(result.current.recording).toBe('Pending');
    await vi.waitFor(() => expect(result.current.recording).toBe('Finished'), { timeout: 8000 });
    expect(asked).toBe(2);
    expect(calls.filter((c) => c.key === `GET /api/calls/video/${CALL}`)).toHaveLength(2);
  }, 15_000);
});
