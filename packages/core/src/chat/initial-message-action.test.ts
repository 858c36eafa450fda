import { Medium } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { initialMessageAction } from './initial-message-action';

describe('initialMessageAction', () => {
  it('sends on WEB and EMBED', () => {
    expect(initialMessageAction({ medium: 'WEB', text: 'Hi' })).toBe('send');
    expect(initialMessageAction({ medium: 'EMBED', text: '  Hi  ' })).toBe('send');
  });

  it('starts a new conversation on every other medium', () => {
    for (const medium of Medium.options.filter((m) => m !== 'WEB' && m !== 'EMBED')) {
      expect(initialMessageAction({ medium, text: 'Hi' })).toBe('new-conversation');
    }
  });

  it('does nothing without text', () => {
    expect(initialMessageAction({ medium: 'WEB', text: '' })).toBe('none');
    expect(initialMessageAction({ medium: 'WEB', text: ' \n ' })).toBe('none');
    expect(initialMessageAction({ medium: 'SMS', text: null })).toBe('none');
    expect(initialMessageAction({ medium: 'EMBED', text: undefined })).toBe('none');
  });
});
