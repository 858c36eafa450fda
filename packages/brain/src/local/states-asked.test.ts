import { describe, expect, it } from 'vitest';
import { contentTerms } from '../text/terms';
import { askedMeasure } from './answer-measure';
import { passageSentences } from './passage-sentences';
import { questionIntent } from './question-intent';
import { questionTerms } from './question-terms';
import { holdsTerm, measures, mirroredPhrases } from './states-asked';

describe('mirroredPhrases', () => {
  it('turns the visitor’s "your" and "do you" into the creator’s "my" and "I"', () => {
    const [own] = mirroredPhrases('How tall is your own bench?');
    expect(own?.test('My own bench is this one at the end.')).toBe(true);
    expect(own?.test('A bench should be as high as your wrist.')).toBe(false);
    const [ride] = mirroredPhrases('What bike do you ride?');
    expect(ride?.test('Someone asked what bike I ride.')).toBe(true);
  });

  it('turns "who taught you" into the creator as the one taught: "taught me", "my teacher"', () => {
    const taught = mirroredPhrases('Who taught you to throw?');
    const says = (sentence: string) => taught.some((t) => t.test(sentence));
    expect(says('He taught me to centre, to pull a handle and to wait.')).toBe(true);
    expect(says('My teacher that year sent me to Bernard Felgate.')).toBe(true);
    expect(says('I teach wheel-throwing to around 300 people a year.')).toBe(false);
  });

  it('turns "when shouldn’t I open…" into the warning as given: "Never open…", "Don’t open…"', () => {
    const warnings = mirroredPhrases('Are there days when I shouldn’t open my hive at all?');
    const warns = (sentence: string) => warnings.some((w) => w.test(sentence));
    expect(warns('Never open a hive in the rain or just before thunder.')).toBe(true);
    expect(warns("Don't ever open it before ten.")).toBe(true);
    expect(warns('Open the hive on a warm, still afternoon.')).toBe(false);
  });
});

describe('holdsTerm', () => {
  it('holds a compound of the question ("hand-tool") by all of its parts ("hand tools"), not by one', () => {
    const compound = questionTerms('What do I need for hand-tool woodworking?', undefined).find(
      (t) => t.term === 'hand-tool',
    );
    if (!compound) throw new Error('no compound term');
    expect(holdsTerm(new Set(['hand', 'tool', 'quiet']), compound)).toBe(true);
    expect(holdsTerm(new Set(['hand-tool', 'work']), compound)).toBe(true);
    expect(holdsTerm(new Set(['tool', 'quiet']), compound)).toBe(false);
  });

  it('holds a word by a compound it begins ("farm" by "farmhouse"), not by any longer word', () => {
    const farm = questionTerms('When did you move to the farm?', undefined).find((t) => t.term === 'farm');
    if (!farm) throw new Error('no term');
    expect(holdsTerm(new Set(contentTerms('a farmhouse with a leaking roof')), farm)).toBe(true);
    expect(holdsTerm(new Set(contentTerms('the farmer next door')), farm)).toBe(false);
  });
});

describe('measures', () => {
  it('takes "what do you charge?" as asking the price now, not the one the creator started at', () => {
    const question = 'What do you charge for one of your mugs?';
    const context = {
      terms: [],
      intent: questionIntent(question),
      cloneName: 'Hattie Carrow',
      said: new Set<string>(),
      measure: askedMeasure(question),
      question,
    };
    const [then, now] = passageSentences(
      'When I started selling in 2014 I priced my mugs at £12 because that felt polite. A mug costs me about £18 to make, and it sells for £28.',
    ).map((s) => ({ ...s, part: 0 as const, own: true }));
    if (!then || !now) throw new Error('no sentences');
    expect(measures(now, context)).toBe(true);
    expect(measures(then, context)).toBe(false);
  });
});
