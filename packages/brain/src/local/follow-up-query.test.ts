import { describe, expect, it } from 'vitest';
import type { HistoryTurn } from '../brain';
import { followUpQuery, leansOnConversation } from './follow-up-query';

const history: HistoryTurn[] = [
  { sender: 'USER', text: 'How much moisture does the wood in your barn reach in summer?' },
  { sender: 'CLONE', text: 'In summer the barn sits around 9 to 11 percent [1].' },
];

describe('leansOnConversation', () => {
  it('spots follow-ups that only make sense after the previous question', () => {
    for (const question of [
      'And in winter?',
      'How long did that take?',
      'What about hide glue?',
      'How often should I reapply it?',
      // What it asks ("how long", "take") says nothing of what it is about: "your first one" points back.
      'How long did your first one take?',
      // Only what is asked, about nothing named: the subject said before ("a snorkel safari").
      'How old do you have to be?',
      // A kind of the thing said before ("leeks"), not named again.
      'Which sort will last right through the winter?',
      // "everything" and "usually" name nothing: "what time" is all it asks, about the stall before.
      'And what time is everything usually gone by?',
      // "How soon" asks a time; "it" is the honey of the previous question.
      "How soon after you've spun it does it go solid?",
      // A first sentence answering the previous answer back.
      'That sounds really sloppy for a first attempt. Should a beginner use less?',
    ])
      expect(leansOnConversation(question), question).toBe(true);
  });

  it('leaves questions that stand on their own alone', () => {
    for (const question of [
      'How high should my workbench be?',
      'Is it OK to blow the dust off with compressed air?',
      'Which kind of leek lasts through a hard winter in the hills?',
      'That loaf you posted on Saturday: what flour was in it?',
      'What time does your Saturday market stall open?',
    ])
      expect(leansOnConversation(question), question).toBe(false);
  });
});

describe('followUpQuery', () => {
  it('searches a follow-up with the question it follows, which it reads as context', () => {
    expect(followUpQuery('And in winter?', history)).toEqual({
      query: `${history[0]?.text} And in winter?`,
      context: history[0]?.text,
      exclude: [],
      heard: ['In summer the barn sits around 9 to 11 percent [1].'],
    });
  });

  it('asks "tell me more" again without repeating the previous answer', () => {
    const more = followUpQuery('Tell me more', history);
    expect(more.query).toContain('moisture');
    expect(more.context).toBeUndefined();
    expect(more.exclude).toEqual(['In summer the barn sits around 9 to 11 percent [1].']);
  });

  it('takes a question that stands alone, or one asked first, as it is', () => {
    expect(followUpQuery('How high should my workbench be?', history)).toEqual({
      query: 'How high should my workbench be?',
      exclude: [],
    });
    expect(followUpQuery('And in winter?', [])).toEqual({ query: 'And in winter?', exclude: [] });
  });
});
