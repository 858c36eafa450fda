import type { VideoEndReason } from '@doppel/protocol';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dailyParticipant, FakeDailyCall } from './fake-daily-call';
import { useTavusCall } from './use-tavus-call';

const ROOM = {
  conversationUrl: 'https://tavus.daily.co/c42',
  providerConversationId: 'c42',
  question: 'Why bees?',
};
const track = (kind: 'audio' | 'video') => ({ kind, id: `${kind}-1` }) as unknown as MediaStreamTrack;

/** What a video screen shows of the call, in words. */
function Screen(props: { daily: FakeDailyCall; ended: (reason: VideoEndReason) => void; said: string[] }) {
  const call = useTavusCall({
    onEnded: props.ended,
    onTranscript: (who, text) => props.said.push(`${who}: ${text}`),
  });
  return (
    <div>
      <p data-testid="phase">{call.phase}</p>
      {call.phase === 'ACTIVE' && !call.replicaVideo && <p>Starting Video</p>}
      <p data-testid="clone">{call.cloneStatus}</p>
      <p data-testid="timer">{call.startedAt ? 'running' : 'stopped'}</p>
      <ul>
        {call.transcript.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are only appended
          <li key={i}>{`${line.role}: ${line.text}`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => call.join(ROOM, props.daily.callObject)}>
        Start
      </button>
      <button type="button" onClick={call.toggleMute}>
        {call.muted ? 'Unmute' : 'Mute'}
      </button>
      <button type="button" onClick={call.leave}>
        End
      </button>
    </div>
  );
}

describe("the video screen's Tavus call, with Daily's call object driven through its events", () => {
  let daily: FakeDailyCall;
  beforeEach(() => {
    vi.useFakeTimers();
    daily = new FakeDailyCall();
  });

  const mount = () => {
    const ended = vi.fn<(reason: VideoEndReason) => void>();
    const said: string[] = [];
    render(<Screen daily={daily} ended={ended} said={said} />);
    act(() => screen.getByRole('button', { name: 'Start' }).click());
    return { ended, said };
  };
  const replicaArrives = async () => {
    await act(() => vi.advanceTimersByTimeAsync(1000));
    daily.remote = dailyParticipant('replica-1', false);
    act(() =>
      daily.emit('participant-joined', { participant: daily.remote ?? dailyParticipant('x', false) }),
    );
  };
  const replicaVideo = () =>
    act(() =>
      daily.emit('track-started', { participant: daily.remote, track: track('video'), type: 'video' }),
    );
  const message = (data: unknown) => act(() => daily.emit('app-message', { data, fromId: 'replica-1' }));

  it("is STARTING until the replica is present, then ACTIVE with the timer running and 'Starting Video' until its video plays", async () => {
    mount();
    expect(screen.getByTestId('phase').textContent).toBe('STARTING');
    expect(screen.getByTestId('timer').textContent).toBe('stopped');
    await replicaArrives();
    expect(screen.getByTestId('phase').textContent).toBe('ACTIVE');
    expect(screen.getByTestId('timer').textContent).toBe('running');
    expect(screen.getByText('Starting Video')).toBeTruthy();
    replicaVideo();
    expect(screen.queryByText('Starting Video')).toBeNull();
    expect(daily.joined).toEqual([{ url: ROOM.conversationUrl }]);
  });

  it('shows what is said and the clone’s status from Tavus’s app messages, and reports each line', async () => {
    const { said } = mount();
    await replicaArrives();
    replicaVideo();
    const base = { message_type: 'conversation', conversation_id: 'c42' };
    message({ ...base, event_type: 'conversation.user.stopped_speaking' });
    expect(screen.getByTestId('clone').textContent).toBe('THINKING');
    message({ ...base, event_type: 'conversation.replica.started_speaking' });
    expect(screen.getByTestId('clone').textContent).toBe('SPEAKING');
    message({
      ...base,
      event_type: 'conversation.utterance',
      properties: { role: 'replica', speech: 'Bees are kind.' },
    });
    message({ ...base, event_type: 'conversation.replica.stopped_speaking' });
    expect(screen.getByTestId('clone').textContent).toBe('LISTENING');
    expect(screen.getByText('assistant: Bees are kind.')).toBeTruthy();
    expect(said).toEqual(['replica: Bees are kind.']);
  });

  it("fails with 'replica-join-timeout' when the replica's video never plays", async () => {
    const { ended } = mount();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.getByTestId('phase').textContent).toBe('FAILED');
    expect(ended).toHaveBeenCalledWith('replica-join-timeout');
  });

  it('ends on inactivity when the room goes, and mutes the microphone through Daily', async () => {
    const { ended } = mount();
    await replicaArrives();
    replicaVideo();
    act(() => screen.getByRole('button', { name: 'Mute' }).click());
    expect(daily.calls).toContain('audio:false');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    act(() => daily.emit('error', { errorMsg: 'Meeting has ended' }));
    expect(screen.getByTestId('phase').textContent).toBe('ENDED');
    expect(ended).toHaveBeenCalledWith('inactivity');
  });

  it('the page ending the call leaves the room and reports nothing more', async () => {
    const { ended } = mount();
    await replicaArrives();
    replicaVideo();
    act(() => screen.getByRole('button', { name: 'End' }).click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('phase').textContent).toBe('ENDED');
    expect(daily.calls.slice(-2)).toEqual(['leave', 'destroy']);
    expect(ended).not.toHaveBeenCalled();
  });
});
