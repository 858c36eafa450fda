import { AUDIO_BLOCKED } from '@doppel/protocol';
import { describe, expect, it, vi } from 'vitest';
import { type AudioOutput, createReadAloudPlayer, READ_ALOUD_FAILED } from './read-aloud-player';

function fakeOutput(play: (url: string) => Promise<void> = async () => undefined) {
  let ended: () => void = () => undefined;
  const output: AudioOutput & { end(): void } = {
    play: vi.fn(play),
    stop: vi.fn(),
    onEnded: (listener) => {
      ended = listener;
    },
    end: () => ended(),
  };
  return output;
}

const setup = (output = fakeOutput(), fetchSpeech = async () => new Blob(['RIFF'])) => {
  const notify = vi.fn();
  const player = createReadAloudPlayer({
    fetchSpeech,
    output,
    notify,
    createUrl: () => 'blob:audio',
    revokeUrl: () => undefined,
  });
  return { player, notify, output };
};
const body = { slug: 'demo', text: 'Hello', messageId: 'm1' };

describe('the read-aloud player', () => {
  it('goes idle → loading → playing → idle at the end', async () => {
    let release: (blob: Blob) => void = () => undefined;
    const { player, output } = setup(fakeOutput(), () => new Promise<Blob>((done) => (release = done)));
    const started = player.toggle('m1', body);
    expect([player.messageId.value, player.phase.value]).toEqual(['m1', 'loading']);
    release(new Blob(['RIFF']));
    await started;
    expect(player.phase.value).toBe('playing');
    expect(output.play).toHaveBeenCalledWith('blob:audio');
    output.end();
    expect([player.messageId.value, player.phase.value]).toEqual([null, 'idle']);
  });

  it('stops when the message playing is pressed again; another message takes over', async () => {
    const { player, output } = setup();
    await player.toggle('m1', body);
    await player.toggle('m1', body);
    expect(player.phase.value).toBe('idle');
    expect(output.stop).toHaveBeenCalled();
    await player.toggle('m1', body);
    await player.toggle('m2', { ...body, messageId: 'm2' });
    expect([player.messageId.value, player.phase.value]).toEqual(['m2', 'playing']);
  });

  it('says the browser is blocking audio when play() is refused', async () => {
    const { player, notify } = setup(
      fakeOutput(() => Promise.reject(new DOMException('no', 'NotAllowedError'))),
    );
    await player.toggle('m1', body);
    expect(player.phase.value).toBe('error');
    expect(notify).toHaveBeenCalledWith(AUDIO_BLOCKED);
  });

  it('fails on a non-OK answer', async () => {
    const { player, notify } = setup(fakeOutput(), () => Promise.reject(new Error('409')));
    await player.toggle('m1', body);
    expect(player.phase.value).toBe('error');
    expect(notify).toHaveBeenCalledWith(READ_ALOUD_FAILED);
  });
});
