import { parseCitationMarkers } from '@doppel/core';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/retrieve';
import { composeGroundedAnswer, tidySentence, withMarker } from './compose-grounded-answer';
import { questionIntent } from './question-intent';

const passage = (id: string, text: string, extra: Partial<Passage> = {}): Passage => ({
  chunkId: Number(id.replace(/\D/g, '')) || 1,
  text,
  documentId: `doc-${id}`,
  documentTitle: `Title ${id}`,
  documentType: 'website',
  url: `https://example.com/${id}`,
  timestampMs: null,
  rank: 1,
  position: 1,
  next: null,
  ...extra,
});

const words = (text: string): number => text.replace(/\s*\[\d+\]/g, '').split(/\s+/).length;
const markers = (text: string): number[] =>
  parseCitationMarkers(text).flatMap((s) => (s.kind === 'marker' ? [s.n] : []));

const clamps = passage(
  'a1',
  'Clamps and clamp pressure come up in every class, and people worry about clamp pressure more than anything. For edge-gluing boards into a panel, the usual guidance is around 100 to 150 pounds per square inch, which a good bar clamp tightened by hand gets you to. What matters more is spacing. I space clamps every six to eight inches, and I alternate them over and under the panel.',
);
const chairs = passage(
  'b2',
  'Some people ask me about chairs all the time. Hide glue is what I use for every chair I make. It gives you an open time of thirty minutes or more, and it comes apart again with heat and steam when a chair needs repair. Liquid hide glue from a bottle works as well as the hot kind from a glue pot for most of the joints in a chair.',
);
const barn = passage(
  'c3',
  'The barn is a dry place. In summer the wood in the barn sits around 9 to 11 percent moisture. In winter, with the stove on, it dries down toward 6 or 7 percent.',
);
const unrelated = passage('d4', 'Bulk fermentation takes four to six hours in a warm kitchen.');

describe('composeGroundedAnswer', () => {
  it('answers "how do I make…" from the first step of the method its document is titled, not a tip after it', () => {
    const title = 'Growing a Sourdough Starter From Nothing - Day by Day';
    const method = passage(
      'm1',
      'Every sourdough loaf starts with a starter, and growing your own starter is free.\n\nThe schedule\n\nDay 1. In a clean jar, stir together 50 g rye flour and 50 g lukewarm water. Put the lid on loosely and leave it somewhere warm.\n\nDay 2. Probably nothing. Give it a stir and leave it alone.',
      { documentTitle: title, position: 1 },
    );
    const tip = passage(
      'm2',
      'Give your starter a name. Everybody laughs, and then everybody does it, and you are much less likely to forget to feed something called Doris.',
      { documentTitle: title, position: 5, documentId: 'doc-m1' },
    );
    const answer = composeGroundedAnswer('How do I make a sourdough starter from nothing?', [tip, method]);
    expect(answer?.text).toMatch(/^In a clean jar, stir together 50 g rye flour/);
  });

  it('answers from the short answer of a document titled as the question, not from a section further on', () => {
    const post = { documentTitle: 'How Often Should a Piano Be Tuned? (And What Happens If You Leave It)' };
    const opening = passage(
      'o1',
      "It's the question I'm asked most, usually on a doorstep. So here's the long answer, and the short one.\n\nThe short answer\n\nFor a piano in a family home, twice a year. The best times are autumn and spring, a few weeks after the heating changes. Once a year is the bare minimum if the piano is played at all.",
      { ...post, position: 0, documentId: 'doc-post' },
    );
    const why = passage(
      'o2',
      'Why pianos go out of tune\n\nA piano has about 230 strings, held by steel tuning pins in a block of laminated wood. Wood moves with the seasons. When the air is damp, the soundboard swells and the piano goes sharp.',
      { ...post, position: 2, documentId: 'doc-post' },
    );
    const answer = composeGroundedAnswer('How often should my piano be tuned?', [why, opening]);
    expect(answer?.text).toMatch(/^For a piano in a family home, twice a year/);
  });

  it('answers a price from the line giving the sum, not from one that says "paid" or "price"', () => {
    const faq = { documentTitle: 'Chapel Keys Piano Studio - Questions People Ask', documentId: 'doc-faq' };
    const paying = passage(
      'p1',
      "ANYTHING ELSE?\n\nPaying: bank transfer for lessons; bank transfer or card for tunings, paid on the day.\n\nPiano removals: I don't move pianos. I recommend Hobden and Sons. A ground-floor upright move within town costs roughly 180 to 280 pounds.",
      faq,
    );
    const prices = passage(
      'p2',
      'PIANO TUNING\n\nUpright piano tuning: 78 pounds.\n\nGrand piano tuning, including baby grands: 90 pounds.',
      { ...faq, position: 2 },
    );
    const answer = composeGroundedAnswer("What's your price for tuning an upright piano at home?", [
      paying,
      prices,
    ]);
    expect(answer?.text).toMatch(/^Upright piano tuning: 78 pounds/);
  });

  it('states the amount asked for, not the sentence that only shares the most words', () => {
    const answer = composeGroundedAnswer('How much clamp pressure do I need?', [clamps, unrelated]);
    // The fact comes in the answer's first two sentences, whatever leads up to it.
    const opening = (answer?.text ?? '')
      .split(/(?<=\[1\]\.)\s/)
      .slice(0, 2)
      .join(' ');
    expect(opening).toContain('100 to 150 pounds per square inch');
    const far = composeGroundedAnswer('How far apart should I put my clamps?', [clamps]);
    expect(far?.text).toContain('every six to eight inches');
  });

  it('keeps the answering passage whole: consecutive sentences, each followed by its marker', () => {
    const answer = composeGroundedAnswer('How much clamp pressure do I need?', [unrelated, clamps]);
    const text = answer?.text ?? '';
    const quoted = text.split(/ \[1\][.!?]?\s*/).filter(Boolean);
    // The sentences said are the passage's, in its order, one after the other.
    const plain = text.replace(/ \[1\]/g, '');
    expect(clamps.text).toContain(plain.slice(0, 60));
    expect(quoted.length).toBeGreaterThan(1);
    expect(new Set(markers(text))).toEqual(new Set([1]));
    expect(answer?.citations[0]).toMatchObject({ position: 1, used: true, documentId: 'doc-a1' });
    expect(answer?.citations.filter((c) => c.used)).toHaveLength(1);
  });

  it('never opens with a sentence that points back at something left out', () => {
    const answer = composeGroundedAnswer('How long is the open time of glue for chairs?', [chairs]);
    expect(answer?.text).toMatch(/^Hide glue is what I use for every chair I make \[1\]\./);
    expect(answer?.text).toContain('thirty minutes or more');
  });

  it('answers between 40 and 120 words when the passage has that much to say', () => {
    const answer = composeGroundedAnswer('How far apart should I put my clamps?', [clamps]);
    expect(words(answer?.text ?? '')).toBeGreaterThanOrEqual(40);
    expect(words(answer?.text ?? '')).toBeLessThanOrEqual(120);
  });

  it('reads a follow-up with the question it follows', () => {
    const answer = composeGroundedAnswer('And in winter?', [barn], {
      context: 'What moisture does the wood in your barn reach in summer?',
    });
    expect(answer?.text).toContain('6 or 7 percent');
  });

  it('finishes an answer in the chunk after the passage, citing it as its own source', () => {
    const start = passage('e5', 'Now the clever part of the ladderback chair. It needs no glue at all.', {
      next: {
        chunkId: 6,
        text: 'The dry rungs swell inside the wet posts, and the posts shrink around them as they dry. They lock.',
        timestampMs: 60_000,
      },
      documentType: 'podcast',
      timestampMs: 30_000,
    });
    const answer = composeGroundedAnswer('How does a ladderback chair hold without glue?', [start]);
    // "Now", a spoken filler, is dropped; "It needs no glue" keeps the sentence it points back at.
    expect(answer?.text).toMatch(/^The clever part of the ladderback chair \[1\]\./);
    expect(answer?.text).toContain('shrink around them as they dry [2].');
    expect(answer?.citations.slice(0, 2).map((c) => [c.used, c.timestampMs])).toEqual([
      [true, 30_000],
      [true, 60_000],
    ]);
  });

  it('answers from the clone’s own words in a transcript, not the host’s or a third person’s', () => {
    const interview = passage(
      'f7',
      'HOST (Dee Okafor): What did you do before you made furniture?\n\nJUNIPER: I was a hospital pharmacist for nine years, mostly in the sterile compounding room, making up doses.\n\nJuniper teaches every class herself.',
      { documentType: 'podcast', timestampMs: 34_000 },
    );
    const answer = composeGroundedAnswer('What did you do before you made furniture?', [interview], {
      cloneName: 'Juniper Hale',
    });
    expect(answer?.text).toMatch(/^I was a hospital pharmacist for nine years/);
    expect(answer?.text).not.toContain('HOST');
    expect(answer?.text).not.toContain('JUNIPER:');
    expect(answer?.text).not.toContain('teaches every class herself');
    expect(answer?.citations[0]).toMatchObject({ type: 'podcast', timestampMs: 34_000 });
  });

  it('answers null when the passages do not cover the question', () => {
    expect(composeGroundedAnswer('What camera do you use?', [unrelated])).toBeNull();
    expect(composeGroundedAnswer('anything', [])).toBeNull();
    const recipe = passage('g8', 'A top finished on one side only is a recipe for cupping, every time.');
    const statistics = {
      frequencies: new Map([
        ['lasagna', 0],
        ['recip', 1],
        ['good', 40],
      ]),
      chunks: 200,
    };
    expect(composeGroundedAnswer('What is a good lasagna recipe?', [recipe], { statistics })).toBeNull();
  });

  it('hedges, briefly, a question the knowledge only grazes', () => {
    const river = passage(
      'h9',
      'Epoxy river tables often use five gallons of epoxy or more. If you make one, follow the epoxy maker’s instructions on pour depth to the letter, and dry the slab properly first.',
    );
    const statistics = {
      frequencies: new Map([
        ['brand', 0],
        ['epoxi', 3],
        ['river', 2],
        ['tabl', 30],
        ['recommend', 4],
      ]),
      chunks: 200,
    };
    const answer = composeGroundedAnswer('Which brand of epoxy do you recommend for river tables?', [river], {
      statistics,
    });
    expect(answer?.hedged).toBe(true);
    expect(answer?.text).toMatch(/^I haven't covered that exactly/);
    expect(markers(answer?.text ?? '')).toContain(1);
    expect(words(answer?.text ?? '')).toBeLessThanOrEqual(80);
  });

  it('never opens on a fragment ("14 pounds a week.") without the sentence it goes on from', () => {
    const boxes = passage(
      'v1',
      "WHAT BOXES DO YOU DO AND WHAT DO THEY COST?\nSmall box: 6 different veg, about right for one or two people. 14 pounds a week.\nMedium box: 8 different veg, for a household of three or four. 19.50 pounds.\nLarge box: 10 different veg, for a big family or keen cooks. 26 pounds.\nEverything in every box is grown here, organically, with no sprays. We don't buy anything in, so there are no bananas.\n\nWHEN AND WHERE DO YOU DELIVER?\nThursdays: Stanroyd, Brigstall and Lowfold.",
      { documentType: 'file' },
    );
    const text =
      composeGroundedAnswer('How much is a veg box, and what do I get in it?', [boxes])?.text ?? '';
    expect(text).toMatch(/^Small box: 6 different veg/);
    expect(text).toContain('14 pounds a week');
  });

  it('hedges with the sentence after a window of one, when it says something ("We cover every bed with mesh")', () => {
    const brassicas = passage(
      'k1',
      'Now the enemies. Pigeons first: every brassica here is netted the day it is planted. From May to September it is the cabbage white butterflies, whose green caterpillars will turn a kale leaf to lace in a week. We cover every brassica bed with fine insect mesh, 0.8 mm, over hoops. The mesh must not touch the leaves.',
    );
    const statistics = {
      frequencies: new Map([
        ['caterpillar', 1],
        ['green', 4],
        ['eat', 3],
        ['hole', 2],
        ['cabbag', 3],
        ['broccoli', 3],
        ['keep', 10],
      ]),
      chunks: 60,
    };
    const answer = composeGroundedAnswer(
      'Little green caterpillars are eating holes all over my cabbages and broccoli. How do I keep them off?',
      [brassicas],
      { statistics },
    );
    expect(answer?.hedged).toBe(true);
    expect(answer?.text).toContain('caterpillars will turn a kale leaf');
    expect(answer?.text).toContain('fine insect mesh');
  });

  it('hedges a recipe asked for when the passage never says what is in it, and a choice it never names', () => {
    const glaze = passage(
      'g1',
      'Running: glaze that is too thick or overfired slides down and glues the pot to the shelf. In 2017 my sea-green glaze ran and welded 14 mugs to a kiln shelf. Every new glaze goes on a test tile first.',
    );
    const recipe = composeGroundedAnswer('What is the recipe for your sea-green glaze?', [glaze]);
    expect(recipe?.hedged).toBe(true);
    const mixed = passage(
      'g2',
      'My sea-green glaze is made of equal parts feldspar, whiting and silica, with 2 percent copper carbonate. I sieve it twice before it goes on a test tile.',
    );
    expect(composeGroundedAnswer('What is the recipe for your sea-green glaze?', [mixed])?.hedged).toBe(
      false,
    );
    const winter = passage(
      'w1',
      'Hi, this is the chapel in December, with a bike clamped into a smart trainer. Between November and February most riders train indoors, because the roads are icy. Indoors there is no wind, so you overheat fast and your power drops.',
    );
    const trainer = composeGroundedAnswer('Which smart trainer should I buy?', [winter]);
    expect(trainer?.hedged).toBe(true);
    const named = passage(
      'w2',
      'For a first smart trainer I recommend a direct-drive one: the Tacx Flux is the one I use, quiet and accurate within 3 percent. Buy the trainer before the power meter.',
    );
    expect(composeGroundedAnswer('Which smart trainer should I buy?', [named])?.hedged).toBe(false);
  });

  it('weighs a common word the knowledge never uses no more than the subject beside it: a hedged answer, not a refusal', () => {
    const tide = passage(
      't1',
      'Go at slack water, near low tide, when the current is weakest and the water is clearest. Never snorkel when there is an offshore wind.',
    );
    const statistics = {
      frequencies: new Map([
        ['state', 0],
        ['tide', 50],
        ['best', 60],
        ['snorkel', 40],
        ['lasagna', 0],
        ['recip', 0],
      ]),
      chunks: 200,
    };
    const answer = composeGroundedAnswer('What state of the tide is best for snorkelling?', [tide], {
      statistics,
    });
    expect(answer?.hedged).toBe(true);
    expect(answer?.text).toContain('slack water');
    // Words the knowledge never uses, and none it does: about something else.
    expect(composeGroundedAnswer('Do you have a lasagna recipe?', [tide], { statistics })).toBeNull();
  });

  it('hedges with the sentences after a short reply, not the reply alone ("Yes.")', () => {
    const faq = passage(
      'v1',
      'CAN I VOLUNTEER?\nYes. Our survey volunteers come out once a month, on the lowest tide. You must be 16 or over to join the survey.',
      { documentType: 'file' },
    );
    const answer = composeGroundedAnswer(
      'Is there a minimum age for survey volunteers in winter at weekends?',
      [faq],
    );
    expect(answer?.hedged).toBe(true);
    expect(answer?.text).toMatch(/closest thing I've said\. Yes \[1\]\./);
    expect(answer?.text).toContain('16 or over');
  });

  it('does not repeat what was already said', () => {
    const answer = composeGroundedAnswer('Tell me more about clamp pressure', [clamps], {
      exclude: [
        'For edge-gluing boards into a panel, the usual guidance is around 100 to 150 pounds per square inch, which a good bar clamp tightened by hand gets you to [1].',
      ],
    });
    expect(answer?.text ?? '').not.toContain('100 to 150');
  });
});

describe('labels and fragments', () => {
  it('leaves out labels and announcements, keeps a fragment that answers', () => {
    const boards = passage(
      'e5',
      'Sizes. My standard cutting board is 12 by 16 inches and one and three-quarter inches thick. Under an inch and a half, end-grain cutting boards tend to crack and warp, so I never go thinner.',
    );
    const size = composeGroundedAnswer('How thick is your cutting board?', [boards]);
    expect(size?.text).toMatch(/^My standard cutting board is 12 by 16 inches/);
    const wood = passage(
      'f6',
      'Someone asked what my favourite wood is. Cherry. It planes like a dream, it smells like fruit pie when you cut it, and it darkens to a deep reddish-brown over the first year.',
    );
    expect(composeGroundedAnswer('What is your favourite wood?', [wood])?.text).toContain('Cherry [1].');
  });
});

describe('an example set up', () => {
  it('does not open on the thing and its size, without a verb; the working after it answers', () => {
    const movement = passage(
      'g7',
      "OK. A flatsawn red oak dining tabletop, 36 inches wide. Between the dampest part of the summer and the driest part of the winter, the wood's moisture content might swing about four percentage points. The shrinkage coefficient for flatsawn red oak is about 0.0037 per inch, per one percent change in moisture. So it's 36 times 0.0037 times 4, which is a bit over half an inch.",
    );
    const answer = composeGroundedAnswer(
      'How much will a 36-inch oak tabletop move between summer and winter?',
      [movement],
    );
    expect(answer?.text).toMatch(/^Between the dampest part of the summer/);
    expect(answer?.text).toContain('a bit over half an inch');
    // A sentence with a verb stays: "A good plane lasts a lifetime, 40 years or more." is a claim.
    const plane = passage(
      'h8',
      'A good plane will last a lifetime, 40 years or more. I bought mine in 1998 and it still takes a shaving like silk.',
    );
    expect(composeGroundedAnswer('How long does a good plane last?', [plane])?.text).toMatch(
      /^A good plane will last a lifetime/,
    );
  });
});

describe('composeGroundedAnswer across a chunk boundary', () => {
  const fitting = passage(
    'f1',
    "A good first dovetail goes together with firm hand pressure or a couple of light taps with the mallet through a block of scrap. Gaps? Welcome to dovetails. Small gaps on practice joints are completely normal. On your real project, a thin sliver of the same wood glued into a gap, trimmed flush, and nobody will ever know. I've done it. Every professional I know has done it.",
    { documentTitle: 'Your First Hand-Cut Dovetail', next: null },
  );
  const ending = {
    chunkId: 2,
    text: "Glue on the pins only, a thin coat, assemble, check for square by measuring the diagonals, and let it cure an hour before you plane the proud tails flush. Plane from the outside edges inward so you don't split the corners.\n\nLast thing. The first one takes most people about two hours. By the tenth it's forty minutes.",
    timestampMs: null,
  };

  it('opens at a paragraph of the chunk after the passage when that is where the answer is', () => {
    const answer = composeGroundedAnswer('How long will my first dovetail take?', [
      { ...fitting, next: ending },
    ]);
    expect(answer?.text).toContain('about two hours');
  });
});

describe('composeGroundedAnswer with section headings', () => {
  const shop = passage(
    's1',
    'What not to buy yet\n\nA table saw, as your first machine. If and when you buy a machine for your first shop, I think a bandsaw is the better first one for most home shops.\n\nThe budget, line by line\n\nChisels - around 80 dollars. A set of four bevel-edge chisels is all a first shop needs. Buy a wooden mallet too.',
    { documentTitle: 'Setting Up a First Woodworking Shop' },
  );

  it('does not answer "what would you buy" from a section headed "what not to buy"', () => {
    const answer = composeGroundedAnswer('What would you buy for a first shop?', [shop]);
    expect(answer?.text).toMatch(/^Chisels/);
    expect(answer?.text).not.toContain('table saw');
  });

  it('answers from the paragraph right under the heading that names what is asked', () => {
    const faq = passage(
      'h1',
      'ON SCHOLARSHIPS\n\nEach year two places in my week-long classes are free for people who could not otherwise afford them, with priority for people new to the craft. The 1,450 dollar class fee is a barrier, and woodworking has had enough barriers. Past scholarship students have gone on to open a small cabinet shop and teach chair making at a community college. Applications close January 31. No portfolio needed, just a note about why you want to come.',
      { documentTitle: 'LinkedIn posts', documentType: 'linkedin' },
    );
    expect(composeGroundedAnswer('Do you offer scholarships?', [faq])?.text).toMatch(/^Each year two places/);
  });

  it('answers "what should I not buy" from it', () => {
    const answer = composeGroundedAnswer('What should I not buy yet for a first shop?', [shop]);
    expect(answer?.text).toContain('table saw');
  });
});

describe('composeGroundedAnswer on the creator’s former work', () => {
  it('answers "what job did you have…" from the page that says it without the word "job"', () => {
    const about = passage(
      'ab1',
      'I spent my twenties at sea, but not as a scientist. For seven years I was a navigation officer on container ships, mostly between Rotterdam and Singapore.',
      { documentTitle: 'About Morwenna' },
    );
    const statistics = {
      frequencies: new Map([
        ['job', 0],
        ['sea', 12],
      ]),
      chunks: 200,
    };
    const answer = composeGroundedAnswer('What job did you have at sea?', [about], { statistics });
    expect(answer?.text).toContain('navigation officer');
    expect(answer?.hedged).toBe(false);
  });
});

describe('composeGroundedAnswer on the creator’s life now', () => {
  const about = passage(
    'ab2',
    'I founded the lab in 2016 in the old lifeboat station. I live above the lab with my partner, Kit, who builds boats, and a three-legged cat called Limpet who hates the sea.',
    { documentTitle: 'About Morwenna' },
  );

  it('answers "any pets?" from the cat their About page names once', () => {
    const answer = composeGroundedAnswer('Do you have any pets?', [about], {
      cloneName: 'Morwenna Tregear',
      intent: questionIntent('Do you have any pets?'),
    });
    expect(answer?.text).toContain('a three-legged cat called Limpet');
  });

  it('does not answer from a post that names it once in passing', () => {
    const post = { ...about, documentTitle: 'Rock pooling with kids' };
    expect(
      composeGroundedAnswer('Do you have any pets?', [post], { cloneName: 'Morwenna Tregear' }),
    ).toBeNull();
  });
});

describe('composeGroundedAnswer on a size', () => {
  it('answers with the sentence giving the size, pointing back at the one naming the subject', () => {
    const handout = passage(
      'h1',
      'Seagrass meadows store carbon, shelter young fish and calm the water over the sand. Ours, in the middle of the cove, covers about 3 hectares. We survey it once a month.',
      { documentTitle: 'Seagrass Survey - Volunteer Handout', rank: 0.6 },
    );
    const podcast = passage(
      'h2',
      'Because the sea is loud. We put a hydrophone on the edge of our seagrass meadow in 2019, and it records for five minutes every half hour, all year.',
      { documentTitle: 'Listening to the Sea' },
    );
    const answer = composeGroundedAnswer('How large is your seagrass meadow?', [podcast, handout]);
    expect(answer?.text).toContain('covers about 3 hectares [1].');
    expect(answer?.citations[0]?.documentTitle).toBe('Seagrass Survey - Volunteer Handout');
  });
});

describe('composeGroundedAnswer on a subject named in passing', () => {
  const lumber = passage(
    'l1',
    "S4S is planed on faces and edges, ready to use, and typically 30 to 50 percent more per board foot. It's convenient, but it's thinner than you'd get from rough stock, and you pay for the convenience. If you have a jointer and planer, buy rough.",
    { documentTitle: 'How to Buy Lumber' },
  );

  it('does not answer a question about its one subject from a passage that names it once in passing', () => {
    expect(composeGroundedAnswer('Is now a good time to buy stocks?', [lumber])).toBeNull();
  });

  it('answers from the one sentence naming it together with the rest of what is asked', () => {
    const business = passage(
      'p5',
      'Honestly, very few furniture makers live entirely on commissions. My income is roughly half teaching, a third commissions, and the rest online. Teaching smooths out the lumpy cash flow.',
      { documentTitle: 'Pricing Commissions Honestly' },
    );
    const answer = composeGroundedAnswer('Do you sell your furniture?', [business]);
    expect(answer?.text).toMatch(/^Honestly, very few furniture makers live entirely on commissions \[1\]\./);
    // The same sentence without the rest of the question's words is still a mention in passing.
    expect(composeGroundedAnswer('Do you repair furniture?', [business])).toBeNull();
  });

  it('answers from the next passage when the best one names the subject only in passing', () => {
    const post = passage(
      'q1',
      'ON TEACHING SMALL GROUPS\n\nEvery class at the school has six students, maximum. The value of an in-person class is that someone catches your mistake in the first minute. That does not scale, and I have stopped trying to make it.',
      { documentTitle: 'LinkedIn posts (collected)', documentType: 'linkedin' },
    );
    const video = passage(
      'q2',
      "Today is sharpening, and I'm going to show you the exact routine I teach on the first morning of every class. Before anybody touches a board, they sharpen.",
      { documentTitle: 'Sharpening a Plane Iron', rank: 0.9 },
    );
    const answer = composeGroundedAnswer("What's the first thing you teach beginners?", [post, video]);
    expect(answer?.text).toContain('Before anybody touches a board, they sharpen [1].');
    expect(answer?.citations[0]?.documentTitle).toBe('Sharpening a Plane Iron');
  });

  it('answers from a passage about it', () => {
    const about = { ...lumber, documentTitle: 'Rough stock or S4S?' };
    expect(composeGroundedAnswer('Should I buy rough stock?', [about])).not.toBeNull();
  });
});

describe('composeGroundedAnswer on "when should I"', () => {
  it('answers with the condition to wait for, not the sentences around it', () => {
    const chain = passage(
      'w1',
      'A clean chain runs quieter and shifts better, and a good chain lube makes all the difference to how the bike feels on a long ride.\n\nChains stretch as the pins and rollers wear. Buy a chain checker. Replace the chain when it reaches 0.5 percent wear, and your cassette will last through two or three chains.',
      { documentTitle: 'Chain Care' },
    );
    const answer = composeGroundedAnswer('When should I replace my chain?', [chain]);
    expect(answer?.text).toMatch(/^Chains stretch/);
    expect(answer?.text).toContain('0.5 percent wear');
  });

  it('answers with the wait or the condition, under the label that names what is asked', () => {
    const glue = passage(
      'q1',
      "Don't overtighten the clamps. If you crank on them, you starve the joint of glue, and a starved joint will fail.\n\nSqueeze-out. Don't wipe it while it's wet - you smear glue into the pores. Wait about twenty to thirty minutes for PVA, until it's rubbery, and then pare it off with a sharp chisel.",
      { documentTitle: 'Glue-Ups Without Panic' },
    );
    const answer = composeGroundedAnswer('When should I clean up glue squeeze-out?', [glue]);
    expect(answer?.text).toContain('twenty to thirty minutes');
  });
});

describe('composeGroundedAnswer on collected posts', () => {
  it('never runs one post on into the next', () => {
    const posts = passage(
      'p1',
      "PVA glue doesn't cure well below about 50 F. Cold garage glue-ups that fail in spring: this is often why.\n\nDon't wipe wet glue squeeze-out. You smear it into the pores. Wait 20-30 minutes until it's rubbery, then pare it off.",
      { documentType: 'twitter', documentTitle: 'Posts on X' },
    );
    const answer = composeGroundedAnswer('When should I clean up glue squeeze-out?', [posts]);
    const text = answer?.text ?? '';
    expect(text).not.toBe('');
    expect(text.includes('PVA') && text.includes('squeeze-out')).toBe(false);
  });
});

describe('composeGroundedAnswer on the creator’s own things', () => {
  it('answers "your own bench" with what the creator says of their own bench', () => {
    const students = passage(
      'm1',
      'A bench for planing should be about as high as the crease of your wrist. A little bench-on-bench, a box about six inches tall, is good for sawing dovetails.',
      { documentTitle: 'Listener questions: bench height' },
    );
    const mine = passage(
      'm2',
      'My own bench is this one at the end. Split top, French style, made from ash in 2012, 34 inches high, which is right for me.',
      { documentTitle: 'Shop tour' },
    );
    expect(composeGroundedAnswer('How tall is your own bench?', [students, mine])?.text).toContain(
      '34 inches',
    );
  });
});

describe('composeGroundedAnswer after the chunk before', () => {
  it('reads the end of the chunk before as what leads up to the passage ("…you want a renewable finish." then "My recipe: …")', () => {
    const recipe = passage(
      'r1',
      "My recipe: plain food-grade mineral oil, the kind sold at the pharmacy counter, flooded on until the board won't take any more. For a new end-grain board that's a lot - it'll drink oil for an hour.\n\nWhat I don't use: cooking oils like olive or vegetable oil. They don't cure - they sit there and go rancid.",
      {
        documentTitle: 'Making an End-Grain Cutting Board',
        previousText:
          'Now the finish, because this is where the internet gets loud. A cutting board gets cut, so any film finish will be sliced up within a week. For a cutting board you want a penetrating, renewable finish that the owner can reapply at home.',
      },
    );
    const sanding = passage(
      'r2',
      'Edges: I round them over with a roundover bit. Sand the faces of the cutting board through 180 and stop there, because end grain at 220 burnishes and the finish will not soak into the board evenly.',
      { documentTitle: 'Making an End-Grain Cutting Board' },
    );
    const answer = composeGroundedAnswer("What's the best finish for an end-grain cutting board?", [
      sanding,
      recipe,
    ]);
    expect(answer?.text).toMatch(/^My recipe: plain food-grade mineral oil/);
    // The chunk before is never quoted.
    expect(answer?.text).not.toContain('renewable');
  });
});

describe('composeGroundedAnswer on a follow-up', () => {
  it('does not lead with what the visitor has just heard ("What about hide glue?")', () => {
    const glues = passage(
      'u1',
      "Glues. For most furniture I use ordinary yellow PVA wood glue. It's strong and it's cheap. The catch is open time: about five to ten minutes depending on the temperature. In January with the woodstove roaring, it's more like five. For anything complicated - a chair with twelve joints - I use liquid hide glue. It gives me thirty minutes or more, and it's reversible with heat and moisture.",
      { documentTitle: 'Glue-Ups Without Panic' },
    );
    const heard = [
      'For most furniture I use ordinary yellow PVA wood glue [1].',
      "It's strong and it's cheap [1].",
      'The catch is open time: about five to ten minutes depending on the temperature [1].',
    ];
    const answer = composeGroundedAnswer('What about hide glue?', [glues], {
      context: "What's the open time of yellow wood glue?",
      heard,
    });
    expect(answer?.text).toContain('thirty minutes or more');
    expect(answer?.text).not.toMatch(/^For most furniture/);
  });
});

describe('composeGroundedAnswer on "how do you calculate"', () => {
  it('answers "how do you price…" with the method, not with one price', () => {
    const talking = passage(
      'c3',
      'Talking about price with clients\n\nSay the number plainly. I say, "For this table in cherry, the price is 7,950 dollars, including delivery." Then I stop talking.',
      { documentTitle: 'What I Charge for a Dining Table' },
    );
    const formula = passage(
      'c4',
      'The formula\n\nPrice = (estimated hours x shop rate) + (materials x 1.5) + overhead share\n\nHours. Estimate every step honestly.',
      { documentTitle: 'What I Charge for a Dining Table' },
    );
    const batches = passage(
      'c5',
      'For small items - cutting boards, boxes, stools - I price by batches. My end-grain boards take about 6 to 8 hours each as one-offs, which at my rate would be 500 dollars, which nobody will pay.',
      { documentTitle: 'What I Charge for a Dining Table' },
    );
    const answer = composeGroundedAnswer('How do you price a commissioned dining table?', [
      talking,
      formula,
      batches,
    ]);
    expect(answer?.text).toMatch(/^Price = \(estimated hours x shop rate\)/);
  });

  it('answers with the formula, not a step that uses the result', () => {
    const buying = passage(
      'c1',
      'How much to buy\n\nCalculate the board feet your cut list needs, then add a waste factor. For straightforward work in a clean grade, I add 30 percent. For figured wood, I add 40 percent or more.',
      { documentTitle: 'How to Buy Lumber' },
    );
    const formula = passage(
      'c2',
      'Board feet\n\nHardwood is sold by the board foot, which is a volume.\n\nBoard feet = thickness (inches) x width (inches) x length (inches) / 144',
      { documentTitle: 'How to Buy Lumber' },
    );
    expect(composeGroundedAnswer('How do you calculate board feet?', [buying, formula])?.text).toContain(
      '/ 144',
    );
  });
});

describe('composeGroundedAnswer on "who"', () => {
  it('answers "who taught you" with a person, not with a story of the creator’s own teaching', () => {
    const teaching = passage(
      't1',
      "ON TEACHING SMALL GROUPS\n\nEvery class at the Hale Bench School has six students, maximum. I tried eight once, in 2014. It was measurably worse: people were sawing crooked for half an hour before I could reach them, and half an hour is long enough to build a habit. The value of an in-person class is that someone catches your mistake in the first minute. That doesn't scale, and I've stopped wanting it to.",
      { documentTitle: 'LinkedIn posts', documentType: 'linkedin' },
    );
    const quotes = passage(
      't2',
      'Plane more, sand less. Better surface, less dust, quieter shop.\n\nThe wood always gets a vote. - my teacher Ted Varga, roughly ten times a day, 2006 to 2009.',
      { documentTitle: 'Posts on X', documentType: 'twitter' },
    );
    const answer = composeGroundedAnswer('Who taught you woodworking?', [teaching, quotes], {
      intent: { kind: 'person', aboutCreator: true },
    });
    expect(answer?.text).toContain('Ted Varga');
  });
});

describe('composeGroundedAnswer on the creator’s life', () => {
  const about = passage(
    'a1',
    'Before I coached cyclists, I spent eleven years teaching physics at a secondary school in Leeds. I still think like a physics teacher.',
    { documentTitle: 'About Dana' },
  );
  const tyres = passage('a2', 'Tyre pressure depends on the rider, the tyre and the road.', {
    documentTitle: 'Tyre pressure',
  });
  const options = { cloneName: 'Dana Kessler', intent: { kind: 'place' as const, aboutCreator: true } };

  it('answers "where are you from?" (no terms to search) from the About page', () => {
    const answer = composeGroundedAnswer('Where are you from?', [about, tyres], options);
    expect(answer?.text).toContain('in Leeds');
    expect(answer?.citations[0]).toMatchObject({ documentTitle: 'About Dana', used: true });
  });

  it('hedges with the About page when the question’s words miss it', () => {
    const answer = composeGroundedAnswer('Where did your family settle?', [about, tyres], options);
    expect(answer?.hedged).toBe(true);
    expect(answer?.text).toContain('in Leeds');
  });

  it('answers "And in winter?" with what is said of winter, not the previous answer’s count again', () => {
    const podcast = passage(
      'p1',
      'JONAH: How many bees are in one of your hives?\n\nELSPETH: In midsummer, fifty or sixty thousand. In winter it drops to maybe ten thousand. A worker bee born in June lives about six weeks; she works herself to death.',
      { documentTitle: 'The Smallholding Hour', documentType: 'podcast' },
    );
    const earlier = 'How many bees live in one of your hives in summer?';
    const answer = composeGroundedAnswer('And in winter?', [podcast], {
      cloneName: 'Elspeth Harrow',
      context: earlier,
      heard: ['In midsummer, fifty or sixty thousand [1].', 'In winter it drops to maybe ten thousand [1].'],
      intent: questionIntent(earlier),
    });
    expect(answer?.text).toMatch(/^In winter it drops to maybe ten thousand/);
  });

  it('answers "what should I do" with the step told right after the sentence naming the trouble', () => {
    const taper = passage(
      't1',
      'The last week is the taper. Cut your riding to about half, keep a couple of short sharp efforts so your legs remember what they are for, and sleep as much as you can. Nothing you do in the final week will make you fitter.',
      { documentTitle: 'Your first hundred miles' },
    );
    const recovery = passage(
      't2',
      'Check your resting heart rate each morning before you get up. Tired legs for one day are normal. Tired legs for a week, bad sleep and a short temper mean you are overreaching. Take three easy days and tell your coach.',
      { documentTitle: 'Recovery and sleep' },
    );
    const question = 'My legs have been tired for a week, what should I do?';
    const answer = composeGroundedAnswer(question, [taper, recovery], { intent: questionIntent(question) });
    expect(answer?.text).toContain('Take three easy days');
  });

  it('still says nothing for a question about a place no biography states', () => {
    const plain = { ...about, documentTitle: 'Physics and cycling' };
    expect(composeGroundedAnswer('Where did your family settle?', [plain, tyres], options)).toBeNull();
  });
});

describe('composeGroundedAnswer on "before…"', () => {
  it('answers "what should I eat before a race?" with what to eat before it, not during it', () => {
    const racing = passage(
      'b1',
      "In the race I tell riders to eat something every 20 to 30 minutes and to set a timer, because you'll forget once you're racing. Bars, rice cakes, jelly sweets: all fine, as long as you've practised with them.",
      { documentTitle: 'Race-Day Fuelling' },
    );
    const breakfast = passage(
      'b2',
      'The rule I repeat most: nothing new on race day.\n\nEat a proper breakfast about three hours before the start: roughly 2 grams of carbohydrate per kilogram of body weight.',
      { documentTitle: 'Race-Day Fuelling' },
    );
    const answer = composeGroundedAnswer('What should I eat before a race?', [racing, breakfast]);
    expect(answer?.text).toContain('three hours before the start');
  });
});

describe('composeGroundedAnswer on definitions', () => {
  it('answers "what does X mean" with the line that defines X, not one that defines something else by it', () => {
    const grades = passage(
      'g1',
      "Grades\n\nHardwood grades are based on how much clear wood you can cut out of a board. You'll mostly see:\n\nFAS (Firsts and Seconds): the top grade. Wide, long boards, mostly clear.\n\nSelect: similar to FAS on one face, a bit smaller.\n\nNo. 1 Common: more knots and defects, but cheaper, often by 30 to 40 percent.",
      { documentTitle: 'How to Buy Lumber' },
    );
    const answer = composeGroundedAnswer('What does FAS mean on lumber?', [grades]);
    expect(answer?.text).toMatch(/^FAS \(Firsts and Seconds\): the top grade \[1\]\./);
  });
});

describe('composeGroundedAnswer: what is asked, as the creator put it', () => {
  const finishing = passage(
    'f1',
    [
      'The blend',
      'Equal parts by volume:',
      'oil-based varnish',
      'boiled linseed oil',
      'mineral spirits',
      'Mix in a glass jar with a tight lid and label it with the date. It keeps for several months.',
      'Application',
      'Flood it on with a lint-free rag. Wait about 10 minutes. Wipe off all the excess until the surface feels nearly dry.',
    ].join('\n\n'),
    { documentTitle: 'My finishing schedule (the "One-One-One")' },
  );
  const schedule = passage(
    'f2',
    'Come back after an hour and wipe again, because oil bleeds out of open pores. Wait 24 hours between coats, and apply the next coat the same way.',
    { documentTitle: 'My finishing schedule (the "One-One-One")' },
  );

  it('answers "what\'s in X and how do you apply it" with what X is made of, the list read as one sentence, then how', () => {
    const answer = composeGroundedAnswer("What's in your one-one-one finish and how do you apply it?", [
      schedule,
      finishing,
    ]);
    const text = answer?.text ?? '';
    expect(text).toMatch(
      /^Equal parts by volume: oil-based varnish, boiled linseed oil and mineral spirits \[1\]\. Mix in a glass jar/,
    );
    // On past the heading that names the second question ("Application"), which is not quoted.
    expect(text).toContain('Flood it on with a lint-free rag');
    expect(text).not.toMatch(/Application/);
    expect(answer?.citations[0]).toMatchObject({ used: true, documentId: 'doc-f1' });
  });

  it('answers from the reply to the very question put to the creator, even a one-word reply', () => {
    const posts = passage(
      'p1',
      'March 3 - Someone asked what bike I ride. A titanium all-road bike with 32 mm tyres, built in 2020.\n\nOctober 3 - Someone asked what my favourite wood is. Cherry. It planes like a dream and darkens to reddish-brown over the first year.',
      { documentType: 'instagram', documentTitle: 'Instagram posts' },
    );
    const fitting = passage(
      'q2',
      'When you buy a new bike, get a fit. A good fit takes me about two hours, and you ride the bike for two weeks before changing anything.',
      { documentTitle: 'Bike fit' },
    );
    const bike = composeGroundedAnswer('What bike do you ride?', [fitting, posts]);
    expect(bike?.text).toMatch(/^A titanium all-road bike/);
    const wood = composeGroundedAnswer("What's your favourite wood?", [posts]);
    expect(wood?.text).toMatch(/^Cherry \[1\]\. It planes like a dream/);
  });

  it('answers "what should it be" with the amount to aim for, not one measured somewhere', () => {
    const shop = passage(
      's1',
      'Everything that comes in sits here two weeks before I cut it. In summer this barn sits around 9 to 11 percent wood moisture content. In winter things dry down toward 6 or 7 percent.',
      { documentTitle: 'Shop tour' },
    );
    const acclimate = passage(
      's2',
      'Bring lumber into the space where you will build two weeks ahead. Use a moisture meter. For indoor furniture I want 6 to 8 percent before I start cutting joints.',
      { documentTitle: 'Why tables crack' },
    );
    const answer = composeGroundedAnswer('What moisture content should wood be before I cut joints?', [
      shop,
      acclimate,
    ]);
    expect(answer?.text).toContain('I want 6 to 8 percent');
    expect(answer?.citations[0]).toMatchObject({ used: true, documentId: 'doc-s2' });
  });

  it('never ends on the label opening the next paragraph', () => {
    const angles = passage(
      'g1',
      'Angles. The iron comes ground at 25 degrees, and I hone a micro-bevel at 30 degrees because a plain 25-degree edge folds over in hard woods. The micro-bevel is tiny, so it is quick to refresh.\n\nSetting the projection. With my guide, 25 degrees means the iron sticks out 38 millimetres.',
    );
    const text = composeGroundedAnswer('What angles do you sharpen at?', [angles])?.text ?? '';
    expect(text).toContain('30 degrees');
    expect(text).not.toMatch(/Setting the projection/);
  });

  it('never ends on a promise of more elsewhere', () => {
    const chairs = passage(
      'h1',
      "A ladderback chair made from green wood holds together without glue - the joint locks by shrinkage. That's a whole episode, and it's coming.",
    );
    const text = composeGroundedAnswer('How does a ladderback chair hold together without glue?', [
      chairs,
    ])?.text;
    expect(text).toContain('the joint locks by shrinkage [1].');
    expect(text).not.toMatch(/whole episode/);
  });
});

describe('tidySentence and withMarker', () => {
  it('drops fillers and ends sentences', () => {
    expect(tidySentence('so, um, the dough rests')).toBe('The dough rests.');
    expect(tidySentence('Why not?')).toBe('Why not?');
  });

  it("leaves out the listener's name an answer was addressed to, not other names", () => {
    expect(tidySentence('Probably nothing wrong, Ellie, figured maple is hard.')).toBe(
      'Probably nothing wrong, figured maple is hard.',
    );
    expect(tidySentence('Ellie, figured maple is hard.')).toBe('Figured maple is hard.');
    expect(tidySentence("Stir, don't shake, because shaking adds bubbles.")).toBe(
      "Stir, don't shake, because shaking adds bubbles.",
    );
    expect(tidySentence('Thanks for asking, Marco.')).toBe('Thanks for asking.');
    expect(tidySentence('Honestly, it depends.')).toBe('Honestly, it depends.');
    expect(tidySentence('The deep way is my grandfather, Arlo.')).toBe(
      'The deep way is my grandfather, Arlo.',
    );
    // A list of qualities, not someone addressed.
    expect(tidySentence('Wide, long boards, mostly clear.')).toBe('Wide, long boards, mostly clear.');
    expect(tidySentence('I moved to Leeds, Yorkshire, where I taught.')).toBe(
      'I moved to Leeds, Yorkshire, where I taught.',
    );
  });

  it('puts the marker before a final full stop, after other end marks', () => {
    expect(withMarker('It works.', 2)).toBe('It works [2].');
    expect(withMarker('Does it?', 1)).toBe('Does it? [1]');
  });

  it('answers a question about the creator’s past in the past: not opening on "I’m a pharmacist"', () => {
    const interview = passage(
      'm1',
      "DEE: How long between that week and quitting?\n\nJUNO: About two years. I'm a pharmacist - I don't do anything without a plan. I saved up enough to live on for three years, very frugally, and I wrote to every furniture maker within a day's drive asking if they'd take an apprentice. Most didn't answer. One did, and I worked with him for three years.",
      { documentTitle: 'The Making Hour - Juno Hale on Leaving Pharmacy', documentType: 'podcast' },
    );
    const question = 'How did you go from pharmacist to furniture maker?';
    const answer = composeGroundedAnswer(question, [interview], {
      cloneName: 'Juno Hale',
      intent: questionIntent(question),
    });
    expect(answer?.text).toMatch(/^I saved up enough to live on for three years/);
    expect(answer?.text).not.toContain("I'm a pharmacist");
  });

  it('answers "where are you based?" with where the creator is now, from their biography only', () => {
    const about = passage(
      'n1',
      'Before I coached cyclists, I spent eleven years teaching physics at a secondary school in Leeds. I still think like a physics teacher.\n\nI work from a converted chapel in Harrowdale, in the Yorkshire Dales, which doubles as my workshop. I live next door with my partner.',
      { documentTitle: 'About Dana' },
    );
    const shop = passage(
      'n2',
      'A bike fit at the chapel in Harrowdale is 150 pounds and takes about two hours.',
      {
        documentTitle: 'Coaching FAQ',
      },
    );
    const question = 'Where are you based?';
    const options = { cloneName: 'Dana Kessler', intent: questionIntent(question) };
    expect(composeGroundedAnswer(question, [shop, about], options)?.text).toMatch(
      /^I work from a converted chapel in Harrowdale/,
    );
    // Nothing but a biography answers a question with no words of its own.
    expect(composeGroundedAnswer(question, [shop], options)).toBeNull();
  });

  it('answers from the section whose heading names the question', () => {
    const chain = passage(
      'p1',
      'I wax my chains. Hot wax takes an evening to set up, but a waxed chain stays clean and lasts far longer than a chain running wet lube. I re-wax about every 300 kilometres, or after any properly wet ride.\n\nAfter a wet ride\n\nRinse the grit off with low-pressure water, never a jet wash, dry the chain with a rag, and re-lube the same day. Rust starts overnight.',
      { documentTitle: 'Chain Care - Why I Wax, and When to Replace a Chain' },
    );
    const answer = composeGroundedAnswer('What should I do with my chain after riding in the rain?', [chain]);
    expect(answer?.text).toMatch(/^Rinse the grit off/);
  });

  it('answers a question about a whole list with its labels, from where the list starts; an item named answers itself', () => {
    const budget = passage(
      'q2',
      'The budget, line by line\n\nPlanes - around 100 dollars. A number 5 jack plane, bought used and tuned up. A block plane.\n\nSaws - around 110 dollars. A rip dovetail saw, about 15 teeth per inch. A coping saw.\n\nChisels - around 80 dollars. A set of four bevel-edge chisels: 1/4, 3/8, 1/2 and 3/4 inch. Buy a wooden mallet too.',
      {
        documentTitle: 'Setting Up a First Woodworking Shop for Under 1,000 Dollars',
        previousText:
          'The budget, line by line\n\nThese are typical prices for good used or decent new tools in my area.\n\nWorkbench - around 150 dollars in materials. Your first project, made from construction lumber.\n\nSharpening - around 220 dollars. Waterstones, a diamond plate and a honing guide. Nothing else works until this does.',
      },
    );
    const answer = composeGroundedAnswer('What would you buy to set up a first shop for under $1,000?', [
      budget,
    ]);
    expect(answer?.text).toMatch(
      /^Workbench - around 150 dollars in materials \[1\]\. Sharpening - around 220 dollars \[1\]\. Planes - around 100 dollars \[2\]\./,
    );
    expect(answer?.text).toContain('Chisels - around 80 dollars [2].');
    expect(answer?.citations[0]?.text).toContain('Workbench');
    expect(answer?.citations[1]?.text).toContain('Planes');
    const chisels = composeGroundedAnswer('Which chisels would you buy for a first shop?', [budget]);
    expect(chisels?.text).toContain('A set of four bevel-edge chisels');
    expect(chisels?.text).not.toContain('Workbench');
  });

  it('answers "…without glue?" from the explanation it announces, not from the answer to a question about glue', () => {
    const listener = passage(
      'g7',
      'From Marco: "What\'s the best glue for chairs?" For chairs I use hide glue, because it is reversible. A chair glued with modern glues often can\'t be repaired without breaking something. For chairs made from green wood, I often use no glue at all.',
      { documentTitle: 'Listener questions' },
    );
    const joint = passage(
      'h8',
      'The rungs get dried hard, down to two or three percent moisture. The posts are left wetter. Then I bore holes in the posts and shave the dry tenons to fit very tight. The dry tenon picks up moisture from the post and swells. The post dries and shrinks around the tenon. They lock.',
      {
        documentTitle: 'Green Woodworking and the Ladderback Chair',
        previousText:
          'Now the clever part. This is the joint that made me fall in love with the craft. It needs no glue at all.',
      },
    );
    const answer = composeGroundedAnswer('How does a ladderback chair hold together without glue?', [
      listener,
      joint,
    ]);
    expect(answer?.hedged).toBe(false);
    expect(answer?.citations[0]?.documentTitle).toBe('Green Woodworking and the Ladderback Chair');
    // The explanation is kept whole, on to the point it makes.
    expect(answer?.text).toContain('shrinks around the tenon');
    expect(answer?.text).toContain('They lock');
  });

  it('opens a list of prices at the one asked about, not at the first listed', () => {
    const faq = passage(
      'p9',
      'CLASSES AND PRICES\n\nWeekend classes (Saturday and Sunday): 425 dollars including all wood.\n\nWeek-long classes (Monday to Friday): 1,450 dollars including all wood.\n\nPrivate days: 450 dollars per day.',
      { documentTitle: 'Student FAQ' },
    );
    const answer = composeGroundedAnswer('How much is the week-long class?', [faq]);
    expect(answer?.text.startsWith('Week-long classes')).toBe(true);
  });

  it('opens a price list at the item named, whose price follows it, not at the price of the one before', () => {
    const faq = passage(
      's1',
      'WHAT SESSIONS DO YOU RUN, AND WHAT DO THEY COST?\n\nFirst Dip: our taster for complete beginners. 2 hours, 30 pounds, including wetsuit hire if you want one. Saturdays at 11 am, all year.\n\nGuided Dip: a coached group swim for people who have been in before. 90 minutes, 18 pounds. Saturday and Sunday at 8 am all year.\n\nSunrise Swims: 5 am on Thursdays in June. 22 pounds, with bacon rolls afterwards.',
      { documentType: 'file' },
    );
    const text = composeGroundedAnswer('How much is a guided swim with you?', [faq])?.text ?? '';
    expect(text).toMatch(/^Guided Dip: a coached group swim/);
    expect(text).toContain('18 pounds');
  });

  const boxes = passage(
    'v2',
    'WHAT BOXES DO YOU DO AND WHAT DO THEY COST?\nSmall box: 6 different veg, about right for one or two people. 14 pounds a week.\nMedium box: 8 different veg, for a household of three or four. 19.50 pounds.\nLarge box: 10 different veg, for a big family or keen cooks. 26 pounds.\nEverything in every box is grown here, organically, with no sprays.',
    { documentType: 'file' },
  );

  it('answers the price of "your biggest box" from the list, which names no one', () => {
    const text = composeGroundedAnswer('How much is your biggest veg box?', [boxes])?.text ?? '';
    expect(text).toMatch(/^Large box: 10 different veg/);
    expect(text).toContain('26 pounds');
  });

  it('answers "And the biggest one?" after the small box with the large one alone', () => {
    const text =
      composeGroundedAnswer('And the biggest one?', [boxes], { context: 'How much is your small veg box?' })
        ?.text ?? '';
    expect(text).toMatch(/^Large box: 10 different veg/);
    expect(text).not.toContain('14 pounds');
  });

  it('answers a price with a sum of money, not with another amount ("up to 8 cm")', () => {
    const blog = passage(
      'j1',
      'Raw denim: wash it first\n\nIf your jeans are raw denim, soak them before we shorten them. Unsanforised denim can shrink 7 to 10 percent in length on its first wash, and on an 80 cm inside leg that is up to 8 cm. Give them a cold soak in the bath for an hour, then bring them in.',
      { documentTitle: 'Taking Up Jeans' },
    );
    const faq = passage(
      'j2',
      'WHAT DO ALTERATIONS COST?\n\nThese are our most common jobs.\n\nTrouser hem, plain: 14 pounds.\n\nJeans hem keeping the original hem: 16 pounds.\n\nJeans hem in chain stitch: 18 pounds.',
      { documentTitle: 'Questions People Ask', rank: 0.8 },
    );
    const text =
      composeGroundedAnswer('How much do you charge to take up a pair of jeans?', [blog, faq])?.text ?? '';
    expect(text).toMatch(/1[468] pounds/);
    expect(text).not.toContain('8 cm');
  });

  it('answers "your PhD" from the one sentence where the creator says "my PhD", not as a passing mention', () => {
    const about = passage(
      'q1',
      'I spent seven years at sea as a navigation officer. In 2006 I went back to university to study marine biology. My PhD, finished in 2013, was on how fast kelp recovers after storms. I founded the shore lab in 2016.',
      { documentTitle: 'About Morwenna' },
    );
    const answer = composeGroundedAnswer('What was your PhD about?', [about], {
      cloneName: 'Morwenna Tregear',
    });
    expect(answer?.text).toContain('how fast kelp recovers after storms');
  });

  it('answers from a passage ranked after one that does not answer, instead of not covering it', () => {
    const tides = passage(
      'e5',
      'Go on a spring tide, the big tides that come a day or two after a full or new moon. Spring low tides uncover the lower shore, where the animals are biggest and strangest. The sea comes back faster than you think, and every year someone gets cut off on a rock. The sea goes out and comes back twice a day, and the sea is the boss.',
      { rank: 30 },
    );
    const swims = passage(
      'f6',
      'November 3 - People ask if I swim in winter. Yes, but only for ten minutes, and only in a 5 mm wetsuit with a hood. The sea is about 11 degrees now.',
      { rank: 1 },
    );
    const answer = composeGroundedAnswer('Do you go in the sea in winter?', [tides, swims]);
    expect(answer?.text).toMatch(/ten minutes/);
    expect(answer?.citations.find((c) => c.position === 1)?.documentId).toBe('doc-f6');
    // Neither says it: still not covered.
    expect(composeGroundedAnswer('Do you go in the sea in winter?', [tides, unrelated])).toBeNull();
  });
});
