import { describe, expect, it } from 'vitest';
import { questionIntent } from './question-intent';

describe('questionIntent', () => {
  it.each([
    ['How much clamp pressure do I need?', 'amount'],
    ['What angles do you sharpen plane irons at?', 'amount'],
    ['What tire pressure should I run on 28mm tires?', 'amount'],
    ['How long does a full sharpening take you?', 'duration'],
    ['How far ahead are you booked for commissions?', 'duration'],
    ['How far is the nearest lumberyard?', 'amount'],
    ['What does FAS mean on lumber?', 'definition'],
    ['What is a micro-bevel?', 'definition'],
    ['How often should I flatten my waterstones?', 'frequency'],
    ['When did you open the school?', 'time'],
    ['How old were you when you made your first chair?', 'time'],
    ['How do I stop cherry from blotching?', 'steps'],
    ['What should I do if a swarm of bees lands in my garden?', 'steps'],
    ['Why do tabletops crack?', 'reason'],
    ['Who taught you woodworking?', 'person'],
    ['Where did you grow up?', 'place'],
    ["What's your favourite wood?", 'general'],
    ['What kind of log do you look for to make chairs?', 'choice'],
    ['How long does a waxed chain last?', 'amount'],
    ['How long a lead should I get for recall?', 'amount'],
    ['How long a wait is there for a class?', 'duration'],
    ['What do you charge for a home visit?', 'amount'],
    ['What do you do about slugs?', 'steps'],
  ])('"%s" asks for %s', (question, kind) => {
    expect(questionIntent(question).kind).toBe(kind);
  });

  it('tells questions about the creator’s own life from questions about the craft', () => {
    for (const question of [
      'What did you do before woodworking?',
      'How did you go from pharmacist to furniture maker?',
      'Where did you grow up?',
      'Have you ever been hurt on the table saw?',
      'What was your job before coaching?',
    ]) {
      expect(questionIntent(question).aboutCreator, question).toBe(true);
    }
    for (const question of ['How high should my workbench be?', 'What glue do you use for chairs?']) {
      expect(questionIntent(question).aboutCreator, question).toBe(false);
    }
  });

  it('reads "do you have…" as about the creator', () => {
    expect(questionIntent('Do you have any pets?').aboutCreator).toBe(true);
    expect(questionIntent('Do you have any pets?').tense).toBe('present');
    expect(questionIntent('Does a cat need a licence?').aboutCreator).toBe(false);
  });

  it('reads "how did you get into…" as asking how it began, not for steps', () => {
    for (const question of [
      'How did you first get into making sourdough?',
      'What got you into training dogs in the first place?',
      'How did you end up keeping bees?',
    ])
      expect(questionIntent(question).kind, question).toBe('reason');
    expect(questionIntent('How did you shape that loaf?').kind).toBe('steps');
  });

  it('reads "what time" as asking a time, "what time of year" too', () => {
    expect(questionIntent('What time does your Saturday market stall open?').kind).toBe('time');
    expect(questionIntent('What time of year do you sow leeks?').kind).toBe('time');
  });

  it('reads "how large" and "how small" as asking an amount', () => {
    expect(questionIntent('How large is your seagrass meadow?').kind).toBe('amount');
    expect(questionIntent('How small can the class be?').kind).toBe('amount');
  });

  it('tells a question asking for a calculation', () => {
    expect(questionIntent('How do you calculate board feet?').calculation).toBe(true);
    expect(questionIntent('How do I work out my training zones?').calculation).toBe(true);
    expect(questionIntent('How do you price a commissioned dining table?').calculation).toBe(true);
    expect(questionIntent('How do I flatten a board?').calculation).toBeUndefined();
  });

  it('asks what something is made of, and what a second question joined by "and" asks', () => {
    expect(questionIntent("What's in your one-one-one finish and how do you apply it?")).toMatchObject({
      kind: 'composition',
      also: 'steps',
    });
    expect(questionIntent('What is board butter made of?').kind).toBe('composition');
    expect(questionIntent("What's your recipe for board butter?").kind).toBe('composition');
    expect(questionIntent("What's in the morning routine?").kind).not.toBe('composition');
    expect(questionIntent('How long should I wait?').also).toBeUndefined();
    // The first question's kind is the kind asked, whichever pattern comes first in the list.
    expect(
      questionIntent('How much are your puppy classes, and how old does my puppy need to be?'),
    ).toMatchObject({ kind: 'amount', also: 'time' });
  });

  it('asks for an amount to aim for when it asks what it should be', () => {
    expect(questionIntent('What moisture content should wood be before I cut joints?').target).toBe(true);
    expect(questionIntent('How much did you pay for the plane?').target).toBeUndefined();
  });

  it('asks for what came earlier in the creator’s life, not for a step before another', () => {
    for (const question of [
      'What did you do before woodworking?',
      'What was your job before you became a coach?',
      'What did you do originally?',
      'How did you go from pharmacist to furniture maker?',
      'How did you switch from teaching physics to coaching?',
      'What did you do for work before the bees?',
      'What was your job before the farm?',
    ])
      expect(questionIntent(question).earlier, question).toBe(true);
    for (const question of [
      'What moisture content should wood be before I cut joints?',
      'What should I eat before a race?',
      'How long do I wait before sanding?',
      'What should I do before a race?',
    ])
      expect(questionIntent(question).earlier, question).toBeUndefined();
  });

  it('reads the tense a question about the creator is asked in, and "where are you based" as about them', () => {
    expect(questionIntent('Where are you based?')).toMatchObject({
      kind: 'place',
      aboutCreator: true,
      tense: 'present',
    });
    expect(questionIntent('Where do you live?')).toMatchObject({ aboutCreator: true, tense: 'present' });
    expect(questionIntent('What was your former job?')).toMatchObject({
      aboutCreator: true,
      earlier: true,
      tense: 'past',
    });
    expect(questionIntent('How did you go from pharmacist to furniture maker?').tense).toBe('past');
    expect(questionIntent('Where should I put my bench?').tense).toBeUndefined();
  });

  it('reads what a "which" choice is about', () => {
    expect(questionIntent('Which plane should I buy first?')).toMatchObject({
      kind: 'choice',
      head: 'plane',
    });
    expect(questionIntent('Which one should I buy?').head).toBeUndefined();
    // The noun a "which" asks about, past the word describing it.
    expect(questionIntent('Which smart trainer should I buy?').head).toBe('trainer');
    expect(questionIntent('Which glue for oak?').head).toBe('glue');
    // A kind of something named elsewhere is no head.
    expect(questionIntent('Which sort will last right through the winter?').head).toBeUndefined();
  });
});
