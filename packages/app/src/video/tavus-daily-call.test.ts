import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dailyParticipant, FakeDailyCall } from './fake-daily-call';
import { joinTavusCall, type TavusCallEvents } from './tavus-daily-call';

const URL = 'https://tavus.daily.co/c123456';

/** A track as Daily hands one out (only its kind is read). */
const track = (kind: 'audio' | 'video') => ({ kind, id: `${kind}-1` }) as unknown as MediaStreamTrack;

function recorder() {
  const seen: string[] = [];
  const events: TavusCallEvents = {
    replicaJoined: () => seen.push('replica-joined'),
    replicaTrack: (kind) => seen.push(`track:${kind}`),
    speaking: (who, on) => seen.push(`${who}:${on ? 'speaking' : 'quiet'}`),
    utterance: (who, text) => seen.push(`${who}: ${text}`),
    recording: (status) => seen.push(`recording:${status}`),
    ended: (reason) => seen.push(`ended:${reason}`),
  };
  return { seen, events };
}

describe('a Tavus conversation over Daily, driven through the call object’s public events', () => {
  let daily: FakeDailyCall;
  beforeEach(() => {
    vi.useFakeTimers();
    daily = new FakeDailyCall();
  });
  afterEach(() => vi.useRealTimers());

  const start = (question: string | null = null) => {
    const { seen, events } = recorder();
    const call = joinTavusCall({
      callObject: daily.callObject,
      url: URL,
      conversationId: 'c123456',
      question,
      events,
    });
    return { seen, call };
  };
  const replicaArrives = () => {
    daily.remote = dailyParticipant('replica-1', false);
    daily.emit('participant-joined', { participant: daily.remote });
  };

  it('joins the room 1 s after the start, not before', async () => {
    start();
    await vi.advanceTimersByTimeAsync(999);
    expect(daily.joined).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(daily.joined).toEqual([{ url: URL }]);
  });

  it('is live when the replica’s video plays, and asks the chosen question then (conversation.respond)', async () => {
    const { seen } = start('What do bees do in winter?');
    await vi.advanceTimersByTimeAsync(1000);
    replicaArrives();
    expect(seen).toEqual(['replica-joined']);
    expect(daily.appMessages).toEqual([]);
    daily.emit('track-started', { participant: daily.remote, track: track('audio'), type: 'audio' });
    daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' });
    expect(seen).toEqual(['replica-joined', 'track:audio', 'track:video']);
    expect(daily.appMessages).toEqual([
      {
        data: {
          message_type: 'conversation',
          event_type: 'conversation.respond',
          conversation_id: 'c123456',
          properties: { text: 'What do bees do in winter?' },
        },
        to: '*',
      },
    ]);
    // The visitor's own tracks are not the replica's.
    daily.emit('track-started', { participant: daily.local, track: track('video'), type: 'video' });
    expect(seen).toHaveLength(3);
    // Long after the 30 s, a live call does not time out.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).not.toContain('ended:replica-join-timeout');
  });

  it("fails with 'replica-join-timeout' when no replica video plays within 30 s of joining", async () => {
    const { seen } = start();
    await vi.advanceTimersByTimeAsync(1000);
    replicaArrives();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(seen).toEqual(['replica-joined']);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['replica-joined', 'ended:replica-join-timeout']);
    expect(daily.calls).toContain('leave');
    // Nothing is reported after the end.
    daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' });
    expect(seen).toHaveLength(2);
    expect(daily.listeners('track-started')).toBe(0);
  });

  it("turns Tavus's app messages into transcript lines and speaking states; other conversations' are ignored", async () => {
    const { seen } = start();
    await vi.advanceTimersByTimeAsync(1000);
    replicaArrives();
    daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' });
    const message = (data: unknown) => daily.emit('app-message', { data, fromId: 'replica-1' });
    message({
      message_type: 'conversation',
      event_type: 'conversation.user.started_speaking',
      conversation_id: 'c123456',
    });
    message({
      message_type: 'conversation',
      event_type: 'conversation.utterance',
      conversation_id: 'c123456',
      properties: { role: 'user', speech: 'How do bees keep warm?' },
    });
    message({
      message_type: 'conversation',
      event_type: 'conversation.replica.started_speaking',
      conversation_id: 'c123456',
    });
    message({
      message_type: 'conversation',
      event_type: 'conversation.utterance',
      conversation_id: 'c123456',
      properties: { role: 'replica', speech: 'They cluster and shiver.' },
    });
    message({
      message_type: 'conversation',
      event_type: 'conversation.replica.stopped_speaking',
      conversation_id: 'c123456',
    });
    message({
      message_type: 'conversation',
      event_type: 'conversation.utterance',
      conversation_id: 'another',
      properties: { role: 'user', speech: 'not ours' },
    });
    message({ hello: 'world' });
    expect(seen.slice(2)).toEqual([
      'user:speaking',
      'user: How do bees keep warm?',
      'replica:speaking',
      'replica: They cluster and shiver.',
      'replica:quiet',
    ]);
  });

  it("ends with 'inactivity' when the replica leaves a live call (Tavus shut the room)", async () => {
    const { seen } = start();
    await vi.advanceTimersByTimeAsync(1000);
    replicaArrives();
    daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' });
    daily.emit('participant-left', { participant: daily.remote ?? dailyParticipant('x', false) });
    expect(seen.at(-1)).toBe('ended:inactivity');
  });

  it('fails when the room cannot be joined', async () => {
    daily.joinFails = 'Meeting has ended';
    const { seen } = start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual(['ended:error']);
  });

  it('records through Daily; a recording error fails the call with recording-only-failure', async () => {
    const { seen, call } = start();
    await vi.advanceTimersByTimeAsync(1000);
    replicaArrives();
    daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' });
    call.startRecording();
    expect(daily.calls).toContain('startRecording');
    daily.emit('recording-started', { local: true });
    expect(seen.at(-1)).toBe('recording:Pending');
    daily.emit('recording-error', { errorMsg: 'recording failed' });
    expect(seen.slice(-2)).toEqual(['recording:Failed', 'ended:recording-only-failure']);
  });

  it('leaving ends it quietly: the room is left, the call object destroyed, nothing reported', async () => {
    const { seen, call } = start();
    await vi.advanceTimersByTimeAsync(1000);
    call.setMicrophone(false);
    call.setCamera(false);
    await call.leave();
    expect(daily.calls).toEqual(['join', 'audio:false', 'video:false', 'leave', 'destroy']);
    daily.emit('left-meeting', {});
    expect(seen).toEqual([]);
  });
});
