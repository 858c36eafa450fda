import { describe, expect, it } from 'vitest';
import { sendButtonState } from './send-button-state';

const idle = { sending: false, receiving: false, draftDirty: false, micError: false, transcribing: false };

describe('sendButtonState', () => {
  it('shows the microphone when nothing is going on', () => {
    expect(sendButtonState(idle)).toBe('microphone');
  });

  it('shows stop while sending or receiving, over everything else', () => {
    const busy = { draftDirty: true, micError: true, transcribing: true };
    expect(sendButtonState({ ...idle, ...busy, sending: true })).toBe('stop');
    expect(sendButtonState({ ...idle, ...busy, receiving: true })).toBe('stop');
  });

  it('shows send when the draft has content, over microphone states', () => {
    expect(sendButtonState({ ...idle, draftDirty: true, micError: true, transcribing: true })).toBe('send');
  });

  it('shows error on a microphone error, over transcribing', () => {
    expect(sendButtonState({ ...idle, micError: true, transcribing: true })).toBe('error');
  });

  it('shows loading while transcribing', () => {
    expect(sendButtonState({ ...idle, transcribing: true })).toBe('loading');
  });
});
