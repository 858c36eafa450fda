import { describe, expect, it } from 'vitest';
import { questionTerms } from './question-terms';

const stats = {
  frequencies: new Map([
    ['kit', 4],
    ['sharpen', 20],
    ['cost', 12],
    ['book', 3],
    ['commiss', 8],
    ['ahead', 2],
  ]),
  chunks: 200,
};
const term = (question: string, name: string) =>
  questionTerms(question, undefined, stats).find((t) => t.term === name);

describe('questionTerms', () => {
  it('weighs a framing word the creator seldom writes ("best") no more than the lightest subject', () => {
    const baker = {
      frequencies: new Map([
        ['best', 1],
        ['freez', 10],
        ['loaf', 60],
      ]),
      chunks: 200,
    };
    const terms = questionTerms("What's the best way to freeze a loaf?", undefined, baker);
    const weight = (name: string) => terms.find((t) => t.term === name)?.weight ?? Number.NaN;
    expect(weight('best')).toBeLessThanOrEqual(weight('loaf'));
    expect(weight('loaf')).toBeLessThan(weight('freez'));
  });

  it('reads a count ("a family of five") and "everything" as framing, not the subject', () => {
    const question = 'Is an estate car better for a family of five, or is everything too small?';
    expect(term(question, 'five')?.topical).toBe(false);
    expect(term(question, 'everyth')?.topical).toBe(false);
    expect(term(question, 'car')?.topical).toBe(true);
  });

  it('reads "able" as framing when the knowledge never writes it, as a word of the subject when it does', () => {
    const question = "Is there anything she'd be able to eat?";
    const never = {
      frequencies: new Map([
        ['abl', 0],
        ['eat', 3],
      ]),
      chunks: 200,
    };
    const written = {
      frequencies: new Map([
        ['abl', 4],
        ['eat', 3],
      ]),
      chunks: 200,
    };
    expect(questionTerms(question, undefined, never).find((t) => t.term === 'abl')?.framing).toBe(true);
    expect(questionTerms(question, undefined, written).find((t) => t.term === 'abl')?.topical).toBe(true);
  });

  it('weighs a word that only frames the question ("basic") little, and never as an unknown subject', () => {
    const basic = term('How much does a basic sharpening kit cost?', 'basic');
    const kit = term('How much does a basic sharpening kit cost?', 'kit');
    expect(basic?.topical).toBe(false);
    expect(basic?.weight).toBeLessThan((kit?.weight ?? 0) / 2);
  });

  it('reads how much of the subject is asked ("a little spoonful") as framing, not an unknown subject', () => {
    const spoonful = questionTerms('Is it all right to give my baby a little spoonful?', undefined, {
      frequencies: new Map([
        ['babi', 2],
        ['littl', 6],
        ['spoon', 0],
      ]),
      chunks: 40,
    }).find((t) => t.term === 'spoon');
    // Never used by the knowledge, it is not what the question is about.
    expect(spoonful?.topical).toBe(false);
    expect(spoonful?.framing).toBe(true);
  });

  it('reads "without glue" as a condition: "glue" weighs little and is no subject, "without" is no term', () => {
    const terms = questionTerms('How does a chair hold together without glue?', undefined, {
      frequencies: new Map([
        ['chair', 10],
        ['glue', 10],
        ['hold', 10],
      ]),
      chunks: 200,
    });
    const glue = terms.find((t) => t.term === 'glue');
    const chair = terms.find((t) => t.term === 'chair');
    expect(glue?.absent).toBe(true);
    expect(glue?.topical).toBe(false);
    expect(glue?.weight).toBeLessThan((chair?.weight ?? 0) / 2);
    expect(terms.map((t) => t.term)).not.toContain('without');
    expect(term('What glue do you use for chairs?', 'glue')?.absent).toBeUndefined();
  });

  it('reads all of what the creator became as framing ("before you were a marine biologist"), not "before I cut joints"', () => {
    const became = questionTerms('What did you do before you were a marine biologist?', undefined, stats);
    expect(became.filter((t) => t.topical)).toEqual([]);
    expect(term('What moisture content should wood be before I cut joints?', 'joint')?.topical).toBe(true);
    // What they did for work before the bees: the bees are their field now, not what is asked.
    const work = questionTerms('What did you do for work before the bees?', undefined, stats);
    expect(work.filter((t) => t.topical)).toEqual([]);
    expect(term('What should I do before a race?', 'race')?.topical).toBe(true);
  });

  it('reads what the creator opened or set up as framing ("before you opened the studio")', () => {
    const opened = questionTerms(
      'What did you do for a living before you opened the studio?',
      undefined,
      stats,
    );
    expect(opened.filter((t) => t.topical)).toEqual([]);
    // All of what they started doing frames it, not its first word only.
    const started = questionTerms(
      'What did you do before you started teaching people to swim outdoors?',
      undefined,
      stats,
    );
    expect(started.filter((t) => t.topical)).toEqual([]);
  });

  it('weighs a hyphenated word as one subject: its parts share its weight', () => {
    const counts = {
      frequencies: new Map([
        ['eight-week-old', 3],
        ['eight', 20],
        ['week', 20],
        ['old', 20],
        ['meal', 3],
      ]),
      chunks: 200,
    };
    const terms = questionTerms('How many meals should an eight-week-old puppy get?', undefined, counts);
    const weight = (name: string) => terms.find((t) => t.term === name)?.weight ?? 0;
    expect(weight('week') + weight('old')).toBeLessThan(weight('eight-week-old'));
    // A part the question also says on its own keeps its weight.
    const again = questionTerms('A week-long course, or a week of evenings?', undefined, counts);
    expect(again.find((t) => t.term === 'week')?.weight).toBeGreaterThan(1);
    // The compound with its parts weighs less than two subjects: "second-hand" beside "car".
    const used = {
      frequencies: new Map([
        ['second-hand', 1],
        ['second', 6],
        ['hand', 12],
        ['car', 1],
      ]),
      chunks: 200,
    };
    const car = questionTerms('What should I look for when buying a second-hand car?', undefined, used);
    const of = (name: string) => car.find((t) => t.term === name)?.weight ?? 0;
    expect(of('second-hand') + of('second') + of('hand')).toBeLessThan(1.5 * of('car'));
  });

  it('reads how much and when in general as framing ("plenty", "good enough", "beforehand", "told")', () => {
    for (const [question, word] of [
      ['My cabbages grow plenty of leaves', 'plenti'],
      ['Is a cheap machine good enough to learn on?', 'enough'],
      ['Is there anything I can do beforehand?', 'beforehand'],
      ['A friend told me to squeal', 'told'],
    ] as const)
      expect(term(question, word)?.topical, question).toBe(false);
  });

  it('takes the word after "are you" as what is asked about ("booked"), the word after "do you" as a verb', () => {
    expect(term('How far ahead are you booked for commissions?', 'book')?.topical).toBe(true);
    expect(term('When do you book a commission?', 'book')?.topical).toBe(false);
  });

  it('weighs "per" in a rate ("per hour") as framing: "60 grams an hour" answers it', () => {
    const per = questionTerms('How many carbs should I eat per hour?', undefined, {
      frequencies: new Map([
        ['per', 2],
        ['carb', 5],
      ]),
      chunks: 200,
    }).find((t) => t.term === 'per');
    expect(per?.topical).toBe(false);
  });

  it('reads "a day" in "how many calories… a day" as the rate of the amount asked, not a subject', () => {
    const stats = {
      frequencies: new Map([
        ['calori', 0],
        ['day', 12],
        ['weight', 3],
      ]),
      chunks: 200,
    };
    const terms = questionTerms('How many calories should I eat a day to lose weight?', undefined, stats);
    expect(terms.find((t) => t.term === 'day')).toMatchObject({ topical: false, framing: true });
    expect(terms.find((t) => t.term === 'weight')?.topical).toBe(true);
    // "a day off" is a subject.
    const off = questionTerms('What do you do on a day off?', undefined, stats);
    expect(off.find((t) => t.term === 'day')?.framing).toBe(false);
  });

  it('weighs the visitor\'s own number, in digits or words, lightly when a measure is asked ("Is he old enough?")', () => {
    const stats = {
      frequencies: new Map([
        ['thirteen', 1],
        ['72', 1],
        ['weekend', 4],
        ['swim', 60],
        ['old', 8],
      ]),
      chunks: 200,
    };
    const terms = questionTerms(
      'My son is thirteen. Is he old enough for the weekend swims?',
      undefined,
      stats,
    );
    const thirteen = terms.find((t) => t.term === 'thirteen');
    const weekend = terms.find((t) => t.term === 'weekend');
    expect(thirteen?.topical).toBe(false);
    expect(thirteen?.weight).toBeLessThan((weekend?.weight ?? 0) / 2);
    const digits = questionTerms("I'm 72. Am I too old to start?", undefined, stats);
    expect(digits.find((t) => t.term === '72')?.weight).toBeLessThan(2);
    // Asking no measure, a number the knowledge writes keeps its weight ("the thirteen colonies").
    const named = questionTerms('Where are the thirteen hives?', undefined, stats);
    expect(named.find((t) => t.term === 'thirteen')?.weight).toBeGreaterThan(4);
  });

  it('reads what someone is to do ("get my toddler to sleep") as the subject, not the question\'s verb', () => {
    const stats = {
      frequencies: new Map([
        ['toddler', 2],
        ['sleep', 0],
        ['night', 2],
        ['get', 30],
      ]),
      chunks: 200,
    };
    const terms = questionTerms('How do I get my toddler to sleep through the night?', undefined, stats);
    expect(terms.find((t) => t.term === 'sleep')).toMatchObject({ topical: true, unknown: true });
    // "The best way to wash…": the question's verb.
    const how = questionTerms("What is the best way to wash my toddler's coat?", undefined, stats);
    expect(how.find((t) => t.term === 'wash')?.topical).toBe(false);
  });

  it('reads "a pair of" in "a pair of jeans" as how many of the subject, not a subject of its own', () => {
    const stats = {
      frequencies: new Map([
        ['pair', 6],
        ['jean', 9],
        ['charg', 4],
      ]),
      chunks: 200,
    };
    const terms = questionTerms('How much do you charge to take up a pair of jeans?', undefined, stats);
    expect(terms.find((t) => t.term === 'pair')).toMatchObject({ topical: false, framing: true });
    expect(terms.find((t) => t.term === 'jean')?.topical).toBe(true);
    // Alone, it is what is asked about.
    const alone = questionTerms('How much is a pair?', undefined, stats);
    expect(alone.find((t) => t.term === 'pair')?.topical).toBe(true);
  });

  it('reads the visitor\'s own people ("my sister") and "a couple of" as framing, not subjects never covered', () => {
    const stats = {
      frequencies: new Map([
        ['sister', 0],
        ['coupl', 0],
        ['live', 3],
        ['abroad', 1],
        ['post', 4],
        ['jar', 9],
      ]),
      chunks: 60,
    };
    const terms = questionTerms(
      'My sister lives abroad. Could you post her a couple of jars?',
      undefined,
      stats,
    );
    expect(terms.find((t) => t.term === 'sister')).toMatchObject({ topical: false, framing: true });
    expect(terms.find((t) => t.term === 'coupl')).toMatchObject({ topical: false, framing: true });
    expect(terms.find((t) => t.term === 'abroad')?.topical).toBe(true);
    // The creator's own people stay subjects: "Does your husband help?"
    const husband = questionTerms('Does your husband help with the bees?', undefined, {
      frequencies: new Map([['husband', 2]]),
      chunks: 60,
    });
    expect(husband.find((t) => t.term === 'husband')?.topical).toBe(true);
  });

  it('reads "cost" in "how much does… cost?" as the kind of answer asked (a price), not a subject', () => {
    const terms = questionTerms('How much does a bag of the clay you use cost?', undefined).map(
      (t) => t.term,
    );
    expect(terms).not.toContain('cost');
    expect(terms).toEqual(expect.arrayContaining(['bag', 'clay']));
    expect(questionTerms('What does it cost to fire a kiln?', undefined).map((t) => t.term)).toContain(
      'cost',
    );
  });

  it('reads a name after "to" as a place ("moved to Cragg End"), not a verb', () => {
    const terms = questionTerms("We've just moved to Cragg End. What day would our box turn up?", undefined);
    expect(terms.find((t) => t.term === 'cragg')?.topical).toBe(true);
    const verb = questionTerms('Which saddle do you use to ride in the rain?', undefined);
    expect(verb.find((t) => t.term === 'ride')?.topical).toBe(false);
  });

  it('reads "the trick to", "any tips", "be honest" as framing, not as subjects never covered', () => {
    const stats = {
      frequencies: new Map([
        ['trick', 0],
        ['tip', 0],
        ['honest', 0],
        ['carrot', 4],
        ['fli', 4],
      ]),
      chunks: 60,
    };
    const trick = questionTerms("What's the trick to stopping carrot fly?", undefined, stats);
    expect(trick.find((t) => t.term === 'trick')).toMatchObject({ topical: false, framing: true });
    expect(trick.find((t) => t.term === 'carrot')?.topical).toBe(true);
  });

  it('keeps weight for a rare word the creator says far more often another way ("cycling" / "riding")', () => {
    const stats = {
      frequencies: new Map([
        ['cycl', 1],
        ['ride', 24],
      ]),
      chunks: 60,
    };
    const cycling = questionTerms('When did you start cycling?', undefined, stats).find(
      (t) => t.term === 'cycl',
    );
    const riding = questionTerms('When did you start riding?', undefined, stats).find(
      (t) => t.term === 'ride',
    );
    expect(cycling?.forms.has('ride')).toBe(true);
    expect(cycling?.weight).toBeGreaterThan((riding?.weight ?? 0) * 2);
  });

  it('does not take a number the knowledge never writes that way for an unknown subject', () => {
    const stats = {
      frequencies: new Map([
        ['100', 0],
        ['mile', 5],
        ['ride', 20],
      ]),
      chunks: 60,
    };
    const hundred = questionTerms('How should I train for my first 100-mile ride?', undefined, stats).find(
      (t) => t.term === '100',
    );
    expect(hundred?.unknown).toBe(false);
    expect(hundred?.topical).toBe(false);
    // Nor does it weigh as the rarest word of the question: it is asked about the ride.
    const ride = questionTerms('How should I train for my first 100-mile ride?', undefined, stats).find(
      (t) => t.term === 'mile',
    );
    expect(hundred?.weight ?? 0).toBeLessThan(ride?.weight ?? 0);
  });

  it("reads the creator's field, named by their headline but never by their knowledge, as framing", () => {
    const stats = {
      frequencies: new Map([
        ['taught', 2],
        ['beekeep', 0],
        ['honey', 30],
        ['lasagna', 0],
      ]),
      chunks: 60,
    };
    const profile = new Set(['beekeep', 'honey', 'produc']);
    const ask = (q: string, name: string, p?: ReadonlySet<string>) =>
      questionTerms(q, undefined, stats, p).find((t) => t.term === name);
    expect(ask('Who taught you beekeeping?', 'beekeep')?.unknown).toBe(true);
    const field = ask('Who taught you beekeeping?', 'beekeep', profile);
    expect(field?.unknown).toBe(false);
    expect(field?.topical).toBe(false);
    // A word the knowledge uses stays a subject; a word neither uses stays unknown.
    expect(ask('Why has my honey gone hard?', 'honey', profile)?.topical).toBe(true);
    expect(ask('Do you have a lasagna recipe?', 'lasagna', profile)?.unknown).toBe(true);
  });

  it('reads what a "how many" counts, when the knowledge never names it so, as the kind of answer', () => {
    const stats = {
      frequencies: new Map([
        ['peopl', 0],
        ['cours', 6],
        ['octopus', 3],
      ]),
      chunks: 60,
    };
    const people = questionTerms('How many people are on the course?', undefined, stats).find(
      (t) => t.term === 'peopl',
    );
    expect(people?.unknown).toBe(false);
    expect(people?.topical).toBe(false);
    const octopuses = questionTerms('How many octopuses have you seen?', undefined, stats).find(
      (t) => t.term === 'octopus',
    );
    expect(octopuses?.topical).toBe(true);
    const unknown = questionTerms('Are people on the course?', undefined, stats).find(
      (t) => t.term === 'peopl',
    );
    expect(unknown?.unknown).toBe(true);
  });

  it('reads "subject" as framing: "what subject did you teach?" asks about the teaching, not an unknown subject', () => {
    const terms = questionTerms('What subject did you teach?', undefined, {
      frequencies: new Map([
        ['subject', 0],
        ['teach', 6],
      ]),
      chunks: 200,
    });
    expect(terms.find((t) => t.term === 'subject')).toMatchObject({ topical: false, framing: true });
    expect(terms.find((t) => t.term === 'teach')?.topical).toBe(true);
  });

  it('does not take "based" in "where are you based?" as a subject', () => {
    expect(questionTerms('Where are you based?', undefined, stats)).toEqual([]);
  });

  it('reads an everyday phrase as the word a creator writes, in the question and in its context', () => {
    const terms = (q: string, context?: string) => questionTerms(q, context, stats).map((t) => t.term);
    expect(terms('Can I get my money back?')).toContain('refund');
    expect(terms('Can I get my money back?')).not.toContain('money');
    expect(terms('And in winter?', 'Can I get my money back?')).toContain('refund');
    expect(terms('What is your boat called?')).toContain('name');
    expect(terms('I called the client, what next?')).toContain('call');
  });

  it('reads "how large" as the kind of answer asked, not a subject', () => {
    const terms = questionTerms('How large is your seagrass meadow?', undefined).map((t) => t.term);
    expect(terms).not.toContain('larg');
    expect(terms).toEqual(expect.arrayContaining(['seagrass', 'meadow']));
  });

  it('reads the kind of fact asked about the creator ("what job…") as framing, not a subject never covered', () => {
    const terms = questionTerms('What job did you have at sea?', undefined, {
      frequencies: new Map([
        ['job', 0],
        ['sea', 12],
      ]),
      chunks: 200,
    });
    const job = terms.find((t) => t.term === 'job');
    expect(job?.topical).toBe(false);
    expect(job?.framing).toBe(true);
    expect(terms.find((t) => t.term === 'sea')?.topical).toBe(true);
  });

  it('reads who is taught ("teach beginners") as framing when the question has a subject of its own', () => {
    const first = questionTerms("What's the first thing you teach beginners?", undefined, stats);
    expect(first.find((t) => t.term === 'beginn')?.topical).toBe(false);
    expect(first.find((t) => t.term === 'first')?.topical).toBe(true);
    // "How do you teach kids?": the kids are all it is about.
    const kids = questionTerms('How do you teach kids?', undefined, stats);
    expect(kids.find((t) => t.term === 'kid')?.topical).toBe(true);
  });
});
