import { FEEDBACK_MAX_LENGTH } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { validateFeedback } from './validate-feedback';

describe('validateFeedback', () => {
  it('accepts both fields, trimmed', () => {
    expect(validateFeedback({ subject: ' Bug ', content: ' It broke. ' })).toEqual({
      ok: true,
      feedback: { subject: 'Bug', content: 'It broke.' },
    });
  });

  it('requires both fields', () => {
    expect(validateFeedback({ subject: ' ', content: '' })).toEqual({
      ok: false,
      errors: { subject: 'Subject is required', content: 'Feedback is required' },
    });
    expect(validateFeedback({ subject: 'Hi', content: '' })).toEqual({
      ok: false,
      errors: { content: 'Feedback is required' },
    });
  });

  it('allows content of exactly 1000 characters and refuses 1001', () => {
    expect(validateFeedback({ subject: 'S', content: 'x'.repeat(FEEDBACK_MAX_LENGTH) }).ok).toBe(true);
    expect(validateFeedback({ subject: 'S', content: 'x'.repeat(FEEDBACK_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      errors: { content: 'Feedback must be at most 1000 characters' },
    });
  });
});
