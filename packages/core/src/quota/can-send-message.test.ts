import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { canSendMessage } from './can-send-message';

describe('canSendMessage', () => {
  it('allows while usage is below the quota', () => {
    expect(canSendMessage(usageOf({ usage: { messages: 49 }, quota: { messages: 50 } }))).toBe(true);
  });

  it('refuses at and above the quota without overage', () => {
    expect(canSendMessage(usageOf({ usage: { messages: 50 }, quota: { messages: 50 } }))).toBe(false);
    expect(canSendMessage(usageOf({ usage: { messages: 51 }, quota: { messages: 50 } }))).toBe(false);
    expect(canSendMessage(usageOf({ usage: { messages: 0 }, quota: { messages: 0 } }))).toBe(false);
  });

  it('allows over the quota with overage, and always with quota -1', () => {
    expect(canSendMessage(usageOf({ usage: { messages: 80 }, quota: { messages: 50 }, overage: true }))).toBe(
      true,
    );
    expect(canSendMessage(usageOf({ usage: { messages: 80 }, quota: { messages: -1 } }))).toBe(true);
  });

  it('refuses whenever the server says can_send_message false', () => {
    expect(canSendMessage(usageOf({ permissions: { can_send_message: false } }))).toBe(false);
    expect(
      canSendMessage(
        usageOf({ permissions: { can_send_message: false }, quota: { messages: -1 }, overage: true }),
      ),
    ).toBe(false);
  });
});
