// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cloneProfile, usage } from '../test/fixtures';
import { initialMessageStep } from './initial-message-step';

const facts = {
  medium: 'WEB' as const,
  text: 'Hi',
  clone: cloneProfile(),
  signedIn: false,
  capturing: false,
};
const used = (messages: number) => usage({ usage: { messages, voice_seconds: 0, video_seconds: 0 } });

describe('initialMessageStep', () => {
  it('sends for WEB and EMBED under the quota, and ignores other media and blank text', () => {
    expect(initialMessageStep({ ...facts, usage: used(3) })).toBe('send');
    expect(initialMessageStep({ ...facts, medium: 'EMBED', usage: used(3) })).toBe('send');
    expect(initialMessageStep({ ...facts, medium: 'BROWSER_VOICE', usage: used(3) })).toBe('ignore');
    expect(initialMessageStep({ ...facts, text: '   ', usage: used(3) })).toBe('ignore');
  });

  it('at the anonymous quota keeps it in the prompt and opens the paywall (spec/chat.md §5)', () => {
    expect(initialMessageStep({ ...facts, usage: used(10) })).toBe('paywall');
  });

  it('while the capture flow collects, keeps it in the prompt', () => {
    expect(initialMessageStep({ ...facts, usage: used(10), capturing: true })).toBe('prompt');
  });
});
