import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { canSend } from './can-send';
import { messageLength } from './message-length';

describe('messageLength', () => {
  it('shows no counter far from the limit', () => {
    expect(messageLength('Hello')).toEqual({
      used: 5,
      max: MESSAGE_MAX_LENGTH,
      showCounter: false,
      over: false,
    });
  });

  it('shows the counter near the limit and is over only past it', () => {
    expect(messageLength('x'.repeat(MESSAGE_COUNTER_FROM))).toMatchObject({ showCounter: true, over: false });
    expect(messageLength('x'.repeat(MESSAGE_MAX_LENGTH))).toMatchObject({ showCounter: true, over: false });
    expect(messageLength('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toMatchObject({
      showCounter: true,
      over: true,
    });
  });

  it('a draft over the limit cannot be sent', () => {
    expect(canSend({ text: 'x'.repeat(MESSAGE_MAX_LENGTH), files: [], pending: false })).toBe(true);
    expect(canSend({ text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), files: [], pending: false })).toBe(false);
  });
});
