import { describe, expect, it } from 'vitest';
import { opensWithReference, sentenceCues } from './sentence-cues';

describe('sentenceCues', () => {
  it('finds amounts with their units, durations, frequencies, times and reasons', () => {
    expect(sentenceCues('I hone a micro-bevel at 30 degrees.')).toContain('amount');
    expect(sentenceCues('Clamp pressure is around 100 to 150 pounds per square inch.')).toContain('amount');
    expect(sentenceCues('A full sharpening takes six to eight minutes.')).toContain('duration');
    expect(sentenceCues('Re-oil it monthly at first, then every couple of months.')).toContain('frequency');
    expect(sentenceCues('The first class ran in April 2013.')).toContain('time');
    expect(sentenceCues('It folds over quickly because the edge is thin.')).toContain('reason');
    expect(sentenceCues('Wipe off all the excess after ten minutes.')).toContain('steps');
    expect(sentenceCues('I was a hospital pharmacist for nine years.')).toContain('past');
    expect(sentenceCues('For seven years I was a navigation officer on container ships.')).toContain(
      'earlier',
    );
    expect(sentenceCues('I spent my twenties at sea, but not as a scientist.')).toContain('earlier');
    expect(sentenceCues('For nineteen years I tuned pianos for a living.')).toContain('earlier');
    expect(sentenceCues('For nineteen years I have kept bees.').has('earlier')).toBe(false);
    expect(sentenceCues('We start feeding syrup in September.')).toContain('steps');
    expect(sentenceCues('I want it 14 to 20 inches across, straight, with no knots.')).toContain('choice');
  });

  it('reads no diary entry as an instruction ("Rolled the first candles"), nor "the first" as a sequence', () => {
    expect(sentenceCues('November 2 - Rolled the first beeswax candles of the winter.').has('steps')).toBe(
      false,
    );
    expect(sentenceCues('Rolled the first beeswax candles of the winter.').has('steps')).toBe(false);
    expect(sentenceCues('Feed the bees a thick syrup.')).toContain('steps');
    expect(sentenceCues('First, warm the wax.')).toContain('steps');
    expect(sentenceCues('Then pour it into the mould.')).toContain('steps');
  });

  it('reads a mill miles up the valley as a place, and "in December" as no place', () => {
    const mill = sentenceCues('Quillbrook Mill, a stone mill twenty-two miles up the valley.');
    expect(mill).toContain('place');
    expect(mill).not.toContain('person');
    expect(sentenceCues('I get three sacks a week, five in December.')).not.toContain('place');
  });

  it('reads "that is why" as a reason, not a question reported ("somebody asks why…")', () => {
    expect(sentenceCues('Every Saturday somebody asks why we knead the clay first.').has('reason')).toBe(
      false,
    );
    expect(sentenceCues("Here's why: air bursts in the kiln.")).toContain('reason');
  });

  it('reads "my recipe:" as what a thing is made of, not any mention of a recipe', () => {
    expect(sentenceCues('My recipe: plain food-grade mineral oil, then board butter.')).toContain(
      'composition',
    );
    expect(
      sentenceCues('Adding about 5 percent more silica to the recipe usually cures it.').has('composition'),
    ).toBe(false);
  });

  it('reads a variety named in quotes as a choice', () => {
    expect(
      sentenceCues("'Musselburgh' for the autumn boxes, and 'Bandit' to stand right through to April."),
    ).toContain('choice');
    expect(sentenceCues("We don't plant leeks until it's warm.").has('choice')).toBe(false);
  });

  it('finds a person by name, not a place or an institution', () => {
    expect(sentenceCues('The wood always gets a vote, my teacher Ted Varga said.')).toContain('person');
    expect(sentenceCues('Every class at the Hale Bench School has six students.').has('person')).toBe(false);
    expect(sentenceCues('The barn is on the edge of Tamsin Falls.').has('person')).toBe(false);
  });

  it('reads a span said without a number ("over the first year") as a duration', () => {
    expect(sentenceCues('Cherry darkens with light over the first year.').has('duration')).toBe(true);
    expect(sentenceCues('It took me 34 hours.').has('duration')).toBe(true);
    expect(sentenceCues('Cherry is my favourite wood for the year.').has('duration')).toBe(false);
  });

  it('tells a frequency from a duration ("within a week")', () => {
    expect(sentenceCues('A film finish will be sliced up within a week.').has('frequency')).toBe(false);
    expect(sentenceCues('I ride three times a week.')).toContain('frequency');
    expect(sentenceCues('Eat 60 grams an hour.')).toContain('frequency');
  });

  it('tells a rate from a duration, and finds definitions', () => {
    expect(sentenceCues('My first commission paid me about 6 dollars an hour.').has('duration')).toBe(false);
    expect(sentenceCues('Leave it in clamps for an hour.')).toContain('duration');
    expect(sentenceCues('FAS (Firsts and Seconds): the top grade.')).toContain('definition');
    expect(sentenceCues('Stickered means thin strips of wood between each layer.')).toContain('definition');
    expect(sentenceCues('I bought a plane at the flea market.').has('definition')).toBe(false);
  });

  it('finds nothing in a sentence that states none of them', () => {
    expect(sentenceCues('Walnut is the most forgiving wood to finish.').has('amount')).toBe(false);
    expect(sentenceCues('Walnut is the most forgiving wood to finish.').has('duration')).toBe(false);
  });
});

describe('sentenceCues on commands', () => {
  it('reads a sentence telling the reader what to do as a step, whatever its verb', () => {
    for (const sentence of [
      'Ring us instead and tell us roughly how big the cluster is.',
      "Even so, please don't spray them, hose them or try to move them yourself.",
      'Light the smoker with dry grass.',
      'Take three easy days and tell your coach.',
    ])
      expect(sentenceCues(sentence).has('steps'), sentence).toBe(true);
    for (const sentence of [
      'Things that help, in order of how much they help.',
      'Almost every power-based training plan sets its zones as percentages of it.',
      'Walter taught me for five years.',
      'Usually the glaze runs.',
      'Inside the hive it is warm.',
    ])
      expect(sentenceCues(sentence).has('steps'), sentence).toBe(false);
  });
});

describe('opensWithReference', () => {
  it('spots openings that point at something left out', () => {
    for (const sentence of [
      'It gives you a long open time.',
      "That's why quartersawn stock is stable.",
      'This one had a big chip.',
      'They lock.',
      'Because a split follows the grain.',
      "And it's reversible: heat and moisture soften it.",
      'Ours, in the middle of the cove, covers about 3 hectares.',
      "After that it's fondant, the soft white icing bakers use.",
      'However, the glue line will creep under load.',
      "Even so, please don't spray them.",
      'Or have it dry cleaned.',
      'Apart from that, the kit is done.',
    ]) {
      expect(opensWithReference(sentence), sentence).toBe(true);
    }
  });

  it('lets sentences that stand on their own open an answer', () => {
    for (const sentence of [
      'I use hide glue for chairs.',
      'Hide glue gives a long open time.',
      'Italy is far.',
      'After the last crop comes off in August we heft every hive.',
      'Still water is best for a first swim.',
      'By the end of the year I had six benches.',
      'Orders close on Thursday at 6 pm.',
    ]) {
      expect(opensWithReference(sentence), sentence).toBe(false);
    }
  });
});
