import { describe, expect, it } from 'vitest';
import { ConversationUpdateRequest } from './conversation-history';

describe('ConversationUpdateRequest', () => {
  it('takes a title, hidden, or both', () => {
    expect(ConversationUpdateRequest.parse({ title: '  Trip  ' })).toEqual({ title: 'Trip' });
    expect(ConversationUpdateRequest.parse({ hidden: true })).toEqual({ hidden: true });
    expect(ConversationUpdateRequest.parse({ title: 'T', hidden: false })).toEqual({
      title: 'T',
      hidden: false,
    });
  });

  it('refuses an empty body and a bad title', () => {
    expect(ConversationUpdateRequest.safeParse({}).error?.issues[0]?.message).toBe('Nothing to update');
    expect(ConversationUpdateRequest.safeParse({ title: ' ' }).success).toBe(false);
    expect(ConversationUpdateRequest.safeParse({ title: 'x'.repeat(101) }).success).toBe(false);
  });
});
