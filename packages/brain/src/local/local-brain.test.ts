import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerEvent, Brain, CloneForBrain, HistoryTurn } from '../brain';
import { importClone } from '../import/import-clone';
import { copyFixture } from '../testing/clone-fixture';
import { createLocalBrain } from './local-brain';
import { wordsAsTokens } from './words-as-tokens';

async function collect(brain: Brain, clone: CloneForBrain, question: string, history: HistoryTurn[] = []) {
  const events: AnswerEvent[] = [];
  for await (const event of brain.answer({ clone, question, history })) events.push(event);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the answer did not end with done');
  const tokens = events.flatMap((e) => (e.type === 'token' ? [e.token] : []));
  return { tokens, text: done.text, citations: done.citations };
}

const COMPOST = [
  "[00:00] Hello from the farm. I'm Sam, and this is where every trimming, weed and spent crop ends up: the compost bays. Everything we make here goes back on the beds.",
  "[00:16] Three bays, each 1.2 metres square, made from pallets screwed together at the corners. One you're filling, one that's cooking, one that's ready to use. Anything much smaller than a cubic metre won't hold its heat through a cold night.",
  '[00:38] The mix is roughly half greens and half browns, by volume. Greens are the wet, sappy stuff: grass clippings, trimmings and weeds. Browns are dry and woody: straw, torn-up cardboard, autumn leaves, wood chip. Too much green and it turns to slime. Too much brown and nothing happens at all.',
  "[01:08] Build it in one go if you can, in layers no thicker than 20 centimetres, and water each layer until it feels like a wrung-out sponge. A heap that's too dry just sits there.",
  '[01:30] Within three days the middle should be hot. I use a compost thermometer with a 50-centimetre probe, and what you want is 55 to 65 degrees. Over 70 and you start killing the microbes that are doing the work.',
  '[01:55] When it drops below 40 degrees, usually after a week to ten days, turn it. Fork the whole lot into the next bay, outsides into the middle, and it heats up again. We turn it three times, then leave it to finish.',
  "[02:22] From building the heap to compost you can spread is about 12 weeks in summer. In winter it's more like six months, because it never gets properly hot.",
  "[02:40] What never goes in: cooked food, meat, fish or bread, because they bring rats. And no bindweed or couch grass roots, or weeds that have set seed, unless you're certain the heap went over 60 degrees.",
].join('\n\n');

describe.each(testDatabases())('createLocalBrain on $name', ({ open }) => {
  let db: Db;
  let clone: CloneForBrain;
  let brain: Brain;
  beforeAll(async () => {
    db = await open();
    const folder = await copyFixture('baker');
    await folder.write(
      'knowledge/about.md',
      '---\ntitle: About Sam\ntype: website\n---\nBefore I baked bread for a living, I drove a city bus in Leeds for twelve years. I still get up at four, a habit from the early shifts, and I opened the bakery in 2019 with one second-hand deck oven and a lot of optimism about how many loaves I could sell.\n',
    );
    // A transcript where the word asked ("hot") is said far from the measure that answers it.
    await folder.write(
      'knowledge/compost.md',
      `---\ntitle: Building a Hot Compost Heap - Three Bays and a Thermometer\ntype: youtube\nurl: https://www.youtube.com/watch?v=heap01\n---\n${COMPOST}`,
    );
    const { cloneId } = await importClone(db, folder.dir);
    await folder.dispose();
    clone = {
      id: cloneId,
      slug: 'sam-bakes',
      name: 'Sam Okafor',
      headline: 'Sourdough baker and teacher',
      description: 'I run a small neighbourhood bakery.',
      suggestedQuestions: ['How do you keep a starter alive?'],
    };
    brain = createLocalBrain(db);
  });
  afterAll(() => db.close());

  it('streams a grounded answer word by word whose markers map to its citations', async () => {
    const { tokens, text, citations } = await collect(brain, clone, 'How often do you feed your starter?');
    expect(tokens.join('')).toBe(text);
    expect(tokens.length).toBeGreaterThan(10);
    expect(text).toContain('I feed my starter once a day');
    const used = citations.filter((c) => c.used);
    expect(used.map((c) => c.position)).toEqual(used.map((_, i) => i + 1));
    const starter = used.find((c) => c.documentTitle === 'Keeping a sourdough starter alive');
    expect(starter).toMatchObject({
      type: 'website',
      url: 'https://sambakes.example/starter',
      timestampMs: null,
    });
    expect(text).toMatch(new RegExp(`I feed my starter once a day[^[]*\\[${starter?.position}\\]`));
    for (const c of used) expect(text).toContain(`[${c.position}]`);
    expect(citations.filter((c) => !c.used).every((c) => !text.includes(`[${c.position}]`))).toBe(true);
  });

  it('answers "how hot" with the temperature, not with the sentence that says "hot"', async () => {
    const { text } = await collect(brain, clone, 'How hot should a compost heap get?');
    expect(text).toContain('55 to 65 degrees');
  });

  it('cites transcripts with their timestamps', async () => {
    const { text, citations } = await collect(
      brain,
      clone,
      'When do you feed the starter the night before a bake day?',
    );
    expect(text).toContain('nine in the evening');
    const video = citations.find((c) => c.used && c.text.includes('nine in the evening'));
    expect(video).toMatchObject({
      documentTitle: 'How I plan a bake day',
      type: 'youtube',
      timestampMs: 42_000,
    });
    expect(video?.url).toBe('https://www.youtube.com/watch?v=bakeday01');
  });

  it('finds podcast cues (srt) too', async () => {
    const { citations } = await collect(brain, clone, 'How do you get good oven spring?');
    expect(citations.find((c) => c.used)).toMatchObject({
      type: 'podcast',
      documentTitle: 'Crumb Talk, episode 12: oven spring',
    });
  });

  it('greets and introduces itself from the profile, without citations', async () => {
    const greeting = await collect(brain, clone, 'hey there!');
    expect(greeting.text).toMatch(/^Hi! I'm Sam Okafor, sourdough baker and teacher\./);
    expect(greeting.citations).toEqual([]);
    const identity = await collect(brain, clone, 'Who are you?');
    expect(identity.text).toBe(
      "I'm Sam Okafor, sourdough baker and teacher. I run a small neighbourhood bakery. Ask me anything, for example: “How do you keep a starter alive?”",
    );
  });

  it("says it hasn't covered what nothing matches", async () => {
    const { text, citations } = await collect(
      brain,
      clone,
      'What do you think about cryptocurrency regulation?',
    );
    expect(text).toMatch(/^I haven't covered that/);
    expect(text).toContain('“How I plan a bake day”');
    expect(citations).toEqual([]);
  });

  it('answers "tell me more" from the previous question without repeating itself', async () => {
    const first = await collect(brain, clone, 'How do you keep a starter alive?');
    const more = await collect(brain, clone, 'Tell me more', [
      { sender: 'USER', text: 'How do you keep a starter alive?' },
      { sender: 'CLONE', text: first.text },
    ]);
    expect(more.text).not.toMatch(/^I haven't covered/);
    for (const sentence of more.text.split(/(?<=[.!?])\s+/)) expect(first.text).not.toContain(sentence);
  });

  it('answers a question about the creator’s past from their About page', async () => {
    const { text, citations } = await collect(brain, clone, 'What did you do before you became a baker?');
    expect(text).toContain('I drove a city bus in Leeds for twelve years [1]');
    expect(citations[0]).toMatchObject({ used: true, documentTitle: 'About Sam' });
  });

  it('answers how the creator got into their craft from their About page, not with a method', async () => {
    const { text, citations } = await collect(brain, clone, 'How did you first get into making sourdough?');
    expect(citations.find((c) => c.used)?.documentTitle).toBe('About Sam');
    expect(text).toMatch(/city bus|2019/);
  });

  it('reads a follow-up with the question before it', async () => {
    const first = 'How long is bulk fermentation?';
    const answer = await collect(brain, clone, 'And how many stretch and folds?', [
      { sender: 'USER', text: first },
      { sender: 'CLONE', text: (await collect(brain, clone, first)).text },
    ]);
    expect(answer.text).toMatch(/four sets of stretch and folds/);
    expect(answer.text).not.toMatch(/^I haven't covered/);
  });

  it('never opens an answer with a word pointing at something it has not said', async () => {
    for (const question of [
      'How do you keep a starter alive?',
      'How do you plan a bake day?',
      'Why buy flour from a mill?',
    ]) {
      const { text } = await collect(brain, clone, question);
      expect(text, question).not.toMatch(/^(It|It's|This|That|They|These|Those|He|She)\b/);
    }
  });

  it('stops when the listener has gone', async () => {
    const controller = new AbortController();
    const events: AnswerEvent[] = [];
    for await (const event of brain.answer({
      clone,
      question: 'How do you plan a bake day?',
      history: [],
      signal: controller.signal,
    })) {
      events.push(event);
      if (events.length === 2) controller.abort();
    }
    expect(events).toHaveLength(2);
  });

  // Last: it changes the clone's knowledge. The brain keeps what it composed for an input; new
  // knowledge is a new input.
  it('answers from the knowledge as it is now, not as it was when the question was last asked', async () => {
    const question = 'What did you do before you became a baker?';
    expect((await collect(brain, clone, question)).text).toContain('city bus');
    expect((await collect(brain, clone, question)).text).toContain('city bus');
    const folder = await copyFixture('baker');
    try {
      await folder.write(
        'knowledge/about.md',
        '---\ntitle: About Sam\ntype: website\n---\nBefore I baked bread for a living, I was a night nurse in Leeds for twelve years. I still get up at four, a habit from the early shifts, and I opened the bakery in 2019 with one second-hand deck oven.\n',
      );
      await importClone(db, folder.dir);
    } finally {
      await folder.dispose();
    }
    const now = (await collect(brain, clone, question)).text;
    expect(now).toContain('night nurse');
    expect(now).not.toContain('city bus');
  });
});

describe('wordsAsTokens', () => {
  it('splits into words with their leading whitespace', () => {
    expect(wordsAsTokens('I feed it [1].\nDaily.')).toEqual(['I', ' feed', ' it', ' [1].', '\nDaily.']);
    expect(wordsAsTokens('')).toEqual([]);
  });
});
