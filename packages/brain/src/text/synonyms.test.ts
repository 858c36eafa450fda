import { describe, expect, it } from 'vitest';
import {
  KINDS,
  paraphrased,
  SYNONYM_GROUPS,
  synonymIndex,
  synonymOf,
  synonymStems,
  withKinds,
  withSynonyms,
} from './synonyms';
import { contentTerms, stem } from './terms';

describe('synonyms', () => {
  it('meets spellings and words for the same thing, whatever their inflection', () => {
    expect(synonymStems(stem('adhesives'))).toEqual(expect.arrayContaining([stem('glue'), stem('glued')]));
    expect(synonymStems(stem('gluing'))).toContain(stem('glue'));
    expect(synonymStems(stem('color'))).toContain(stem('colour'));
    expect(synonymStems(stem('honing'))).toContain(stem('sharpening'));
    expect(synonymStems(stem('slope'))).toEqual(expect.arrayContaining([stem('ratio'), stem('angle')]));
    expect(synonymStems(stem('loud'))).toContain(stem('noise'));
    expect(synonymStems(stem('reapply'))).toContain(stem('re-oil'));
    // "Do you charge extra to come that far?" — "Travel supplement: 15 pounds for homes 12 to 25 miles away".
    expect(synonymStems(stem('extra'))).toContain(stem('supplement'));
    expect(synonymStems(stem('far'))).toContain(stem('miles'));
    expect(synonymStems(stem('longest'))).toContain(stem('long'));
    expect(synonymStems(stem('hilly'))).toContain(stem('hill'));
    // "And the biggest one?" — "Large box: 10 different veg".
    expect(synonymStems(stem('biggest'))).toEqual(expect.arrayContaining([stem('big'), stem('large')]));
    expect(synonymStems(stem('cheapest'))).toContain(stem('cheap'));
    expect(synonymStems(stem('vegetables'))).toContain(stem('veg'));
    expect(synonymStems(stem('walnut'))).toEqual([]);
    // Visitors' everyday words for what a creator writes another way.
    expect(synonymStems(stem('strangest'))).toEqual(expect.arrayContaining([stem('oddest'), stem('weird')]));
    expect(synonymStems(stem('nips'))).toContain(stem('bite'));
    expect(synonymStems(stem('squeal'))).toContain(stem('yelp'));
    expect(synonymStems(stem('shaking'))).toContain(stem('tremble'));
    expect(synonymStems(stem('quid'))).toContain(stem('pounds'));
    expect(synonymStems(stem('course'))).toContain(stem('classes'));
    expect(synonymStems(stem('learn'))).toContain(stem('apprentice'));
    expect(synonymStems(stem('frightening'))).toContain(stem('scared'));
    expect(synonymStems(stem('borrow'))).toContain(stem('hire'));
    expect(synonymStems(stem('tangy'))).toContain(stem('sour'));
  });

  it('finds what locks a thing for what holds it together', () => {
    const question = 'How does a ladderback chair hold together without glue?';
    expect(withSynonyms(question, contentTerms(question))).toContain('lock');
  });

  it('appends the other words of a group to a search once', () => {
    const question = 'Which adhesive and what glue for honing?';
    const expanded = withSynonyms(question, contentTerms(question));
    expect(expanded.startsWith(question)).toBe(true);
    expect(expanded.split(' ').filter((w) => w === 'glue').length).toBe(1);
    expect(expanded).toContain('sharpen');
    expect(withSynonyms('walnut oil', contentTerms('walnut oil'))).toBe('walnut oil');
  });

  it('maps each synonym added to the question term it stands for', () => {
    const map = synonymOf(contentTerms('Which glue for chairs?'));
    expect(map.get(stem('adhesive'))).toBe(stem('glue'));
    expect(map.get(stem('glued'))).toBe(stem('glue'));
    expect(map.has(stem('chairs'))).toBe(false);
    // A word the question says itself is its own term, not a synonym of another.
    expect(synonymOf(contentTerms('glue or adhesive?')).has(stem('adhesive'))).toBe(false);
  });
});

describe('synonymIndex', () => {
  it('lets a stem in two groups stand for the words of both, not only the last group', () => {
    const index = synonymIndex([
      ['teach', 'lesson'],
      ['teach', 'student'],
    ]);
    expect(index.get(stem('teach'))?.stems).toEqual([stem('lesson'), stem('student')]);
    expect(index.get(stem('lesson'))?.stems).toEqual([stem('teach')]);
  });

  it('meets a stem two words share across groups ("colourful" stems to colour)', () => {
    const index = synonymIndex([
      ['colour', 'color'],
      ['colourful', 'vivid'],
    ]);
    expect(index.get(stem('colour'))?.words).toEqual(['color', 'vivid']);
  });

  it('gives every word of every group the stems of all the others', () => {
    for (const group of SYNONYM_GROUPS)
      for (const word of group) {
        const others = group.map(stem).filter((s) => s !== stem(word));
        expect(synonymStems(stem(word)), word).toEqual(expect.arrayContaining(others));
      }
  });
});

describe('paraphrased', () => {
  it('puts everyday phrases the way a creator writes them', () => {
    expect(paraphrased('Can I get my money back?')).toBe('Can I get my refund?');
    expect(paraphrased('Have you got dogs of your own at the moment?')).toBe(
      'Have you got dogs of your own now?',
    );
    expect(paraphrased('Can I come on my own?')).toBe('Can I come alone?');
    expect(paraphrased('Can I pop in on a Saturday?')).toBe('Can I visit on a Saturday?');
    expect(paraphrased('What does your other half do?')).toBe('What does your partner do?');
    expect(paraphrased('Is there anywhere to leave the car?')).toBe('Is there anywhere to park?');
    expect(paraphrased('Can you drop my club loaf round on a Friday?')).toBe('Can you deliver on a Friday?');
    expect(paraphrased('Does the rest of your family help?')).toBe('Does your family help?');
    expect(paraphrased('What do I do with the rest?')).toBe('What do I do with the rest?');
    expect(paraphrased('Why does my mask keep steaming up?')).toBe('Why does my mask keep fog?');
    expect(paraphrased('Is it a boy or a girl?')).toBe('Is it a male or female?');
    expect(paraphrased('How do I pick the right size?')).toBe('How do I pick the fit?');
    for (const [asked, written] of [
      ['Can my eight-month-old have some?', 'Can my baby have some?'],
      ['What does your husband do for a living?', 'What does your husband do for a job?'],
      ['Bonfire night sends my dog into a shaking mess.', 'fireworks sends my dog into a shaking mess.'],
      ['My cabbages never heart up. Where am I going wrong?', 'My cabbages never heart up. why?'],
      ['What would a bespoke suit set me back?', 'What would a bespoke suit cost?'],
      ['How much to have them sent back to me?', 'How much to have them return to me?'],
      ['I forgot to go back for my coat ages ago.', 'I forgot to collect my coat long ago.'],
      ['When can I pick it up?', 'When can I collect?'],
      ['Can I bring my cocker spaniel along?', 'Can I bring my dog along?'],
      ['Is a spaniel a good first dog?', 'Is a spaniel a good first dog?'],
      [
        "It's going to chuck it down. Will my swim be called off?",
        "It's going to rain. Will my swim be cancel?",
      ],
      [
        "Have you ever messed up somebody's alteration?",
        "Have you ever make a mistake somebody's alteration?",
      ],
      [
        'Can he have a first lesson to see whether he actually likes it?',
        'Can he have a first lesson as a trial?',
      ],
      [
        "We've got a lovely bright glass room. Would the piano be happy there?",
        "We've got a bright conservatory. Would the piano be happy there?",
      ],
      ['What should she carry in case something goes wrong?', 'What should she carry for emergencies?'],
      ['We had a sunny garden room built.', 'We had a sunny conservatory built.'],
      ['His trousers are miles too long.', 'His trousers are too long.'],
      ['And what time is everything usually gone by?', 'And what time is sold out by?'],
      ["We're away in Cornwall for a fortnight.", 'on holiday in Cornwall for a fortnight.'],
      ['Is the swelling going away?', 'Is the swelling going away?'],
      ['A layer of greyish water, a reddish tinge', 'A layer of grey water, a red tinge'],
      [
        'How much water do you put in compared to the flour?',
        'How much water do you put in as a percentage of the flour?',
      ],
      ['Is it better compared to white bread?', 'Is it better compared to white bread?'],
      ['How do I make a starter from scratch?', 'How do I make a starter from nothing?'],
      ['Is Sourdough from Scratch full?', 'Is Sourdough from Scratch full?'],
      ['What do more sessions after the first one cost?', 'What do follow-up sessions cost?'],
      ['Do you do one-to-one lessons?', 'Do you do 1:1 lessons?'],
      ['Is a one on one visit possible?', 'Is a 1:1 visit possible?'],
      ['Is it safe for a 6 month old?', 'Is it safe for a baby?'],
      ["I'm booked on Saturday but something's come up.", "I'm booked on Saturday but I need to cancel."],
      ['Has anything ever blown up in your kiln?', 'Has anything ever explode in your kiln?'],
      ['When can I take home the pots I make?', 'When can I collect the pots I make?'],
      ['What do most people get wrong?', 'What do most people make a mistake?'],
      [
        'How long did you plan before you walked away from pharmacy?',
        'How long did you plan before you left pharmacy?',
      ],
      [
        "If you've got no space right now, how long would I wait?",
        "If you've got full now, how long would I wait?",
      ],
      ["I'm a lefty. Will I struggle?", "I'm a left-handed. Will I struggle?"],
      ['When should I start my tomato seeds off?', 'When should I sow tomato?'],
      ['Can I buy my mum a class for her birthday?', 'Can I buy my mum a class as a gift?'],
      [
        'My sister lives in France. Could you post her a jar?',
        'My sister lives abroad. Could you post her a jar?',
      ],
    ] as const)
      expect(paraphrased(asked), asked).toBe(written);
    // Words that only look like the phrases keep their words.
    for (const kept of [
      'My finish is tacky. What went wrong?',
      'The oil sat for a month. Old boards drink it.',
      'I was born in a town where everyone rode.',
      'Bury the stem up to the seed leaves.',
    ])
      expect(paraphrased(kept)).toBe(kept);
  });

  it('puts the British name of a thing the way an American creator writes it', () => {
    expect(paraphrased('Can my chopping board go through the thicknesser?')).toBe(
      'Can my cutting board go through the thickness planer?',
    );
    expect(paraphrased('Can I wear flip-flops?')).toBe('Can I wear sandals?');
  });

  it('reads "called" after a form of "be", ending the clause, as a name', () => {
    expect(paraphrased('What is your boat called?')).toBe('What is your boat named?');
    expect(paraphrased("What's the podcast called?")).toBe("What's the podcast named?");
    expect(paraphrased('What was the first table you ever made called?')).toBe(
      'What was the first table you ever made named?',
    );
  });

  it('keeps a call that is a call', () => {
    for (const question of [
      'Is that the shop I called home for ten years?',
      'I called the client, what next?',
      'What do I do if the client never called?',
      'Who is the person you called?',
      'Is it normal that nobody has called?',
      'What happens when I called?',
    ])
      expect(paraphrased(question), question).toBe(question);
  });

  it('adds no synonym for a word the paraphrase left alone', () => {
    const question = 'Is that the shop I called home?';
    expect(withSynonyms(paraphrased(question), contentTerms(paraphrased(question)))).not.toMatch(
      /\bnamed?\b/,
    );
  });
});

describe('withKinds', () => {
  it('lets a word naming a kind stand for the things of that kind, one way only', () => {
    expect(synonymStems(stem('pets'))).toEqual(expect.arrayContaining([stem('cat'), stem('dog')]));
    expect(synonymStems(stem('cat'))).not.toContain(stem('pet'));
    // "still tacky and gummy": "it'll cure sticky and gummy".
    expect(synonymStems(stem('tacky'))).toContain(stem('sticky'));
    // "an elderly whippet called Propolis": a dog named by its breed.
    expect(synonymStems(stem('pets'))).toEqual(expect.arrayContaining([stem('whippet'), stem('spaniel')]));
    // "Have you got any animals at the studio?" — "Our cat, Slip, sleeps on the kiln lid".
    expect(synonymStems(stem('animals'))).toEqual(expect.arrayContaining([stem('cat'), stem('greyhound')]));
    expect(synonymStems(stem('furniture'))).toEqual(expect.arrayContaining([stem('table'), stem('chairs')]));
    // "What colour does cherry turn?" — "salmon pink to deep reddish-brown".
    for (const word of ['colour', 'color'])
      expect(synonymStems(stem(word))).toEqual(expect.arrayContaining([stem('reddish'), stem('pink')]));
    expect(synonymStems(stem('pink'))).not.toContain(stem('colour'));
  });

  it('keeps the synonyms a kind already had', () => {
    const index = withKinds(synonymIndex([['pet', 'companion']]), KINDS);
    expect(index.get(stem('pet'))?.words).toEqual(expect.arrayContaining(['companion', 'cat']));
    expect(index.get(stem('companion'))?.words).toEqual(['pet']);
  });
});
