import { describe, expect, it } from 'vitest';
import { keptAnswerText } from './kept-answer-text';

describe('keptAnswerText', () => {
  it('keeps what the visitor saw of the answer', () => {
    expect(keptAnswerText('Let me walk you through it slowly. I always start', 'Let me walk you ')).toBe(
      'Let me walk you',
    );
  });

  it('never keeps more than the answer, nor words the clone did not say', () => {
    expect(keptAnswerText('Short answer.', 'Short answer. And more the visitor made up')).toBe(
      'Short answer.',
    );
    expect(keptAnswerText('Let me walk you through it', 'Let me run')).toBe('Let me');
  });

  it('keeps nothing when the visitor saw nothing', () => {
    expect(keptAnswerText('Let me walk you through it', '')).toBe('');
    expect(keptAnswerText('', 'anything')).toBe('');
  });
});
