import { describe, expect, it } from 'vitest';
import { FeedbackRequest } from './feedback';

describe('FeedbackRequest', () => {
  it('takes the dialog fields and the page they came from', () => {
    expect(
      FeedbackRequest.parse({ subject: ' Hi ', content: ' Nice ', metadata: { pathname: '/demo/talk' } }),
    ).toEqual({
      subject: 'Hi',
      content: 'Nice',
      metadata: { pathname: '/demo/talk' },
    });
  });

  it('refuses missing fields and content over 1000 characters', () => {
    const metadata = { pathname: '/' };
    expect(FeedbackRequest.safeParse({ subject: '', content: 'x', metadata }).success).toBe(false);
    expect(FeedbackRequest.safeParse({ subject: 's', content: 'x'.repeat(1001), metadata }).success).toBe(
      false,
    );
    expect(FeedbackRequest.safeParse({ subject: 's', content: 'x'.repeat(1000), metadata }).success).toBe(
      true,
    );
  });
});
