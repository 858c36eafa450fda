import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { CREATOR_ANSWER_TITLE } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerEvent, AnswerInput, Brain, CloneForBrain } from '../brain';
import { importClone } from '../import/import-clone';
import { createLocalBrain } from '../local/local-brain';
import { copyFixture } from '../testing/clone-fixture';
import { withCreatorKnowledge } from './with-creator-knowledge';

async function collect(brain: Brain, clone: CloneForBrain, question: string) {
  const events: AnswerEvent[] = [];
  for await (const event of brain.answer({ clone, question, history: [] })) events.push(event);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the answer did not end with done');
  return { tokens: events.flatMap((e) => (e.type === 'token' ? [e.token] : [])), ...done };
}

describe.each(testDatabases())('withCreatorKnowledge on $name', ({ open }) => {
  let db: Db;
  let clone: CloneForBrain;
  let brain: Brain;
  let creatorId: string;

  const teach = (table: 'creator_answers' | 'tone_feedback', values: string[]) =>
    table === 'creator_answers'
      ? db.query(
          'INSERT INTO creator_answers (clone_id, question, answer, created_by) VALUES ($1, $2, $3, $4)',
          [clone.id, values[0], values[1], creatorId],
        )
      : db.query('INSERT INTO tone_feedback (clone_id, feedback, created_by) VALUES ($1, $2, $3)', [
          clone.id,
          values[0],
          creatorId,
        ]);

  beforeAll(async () => {
    db = await open();
    const folder = await copyFixture('baker');
    const { cloneId } = await importClone(db, folder.dir);
    await folder.dispose();
    clone = {
      id: cloneId,
      slug: 'sam-bakes',
      name: 'Sam Okafor',
      headline: 'Sourdough baker',
      description: 'I run a small bakery.',
      suggestedQuestions: [],
    };
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO users (email) VALUES ('sam@example.com') RETURNING id",
    );
    creatorId = user?.id ?? '';
    brain = withCreatorKnowledge(db, createLocalBrain(db));
  });
  afterAll(() => db.close());

  it('answers a revised question, and close paraphrases, with the creator’s answer, cited as theirs', async () => {
    const before = await collect(brain, clone, 'How often do you feed your starter?');
    expect(before.text).toContain('I feed my starter once a day');
    await teach('creator_answers', [
      'How often do you feed your starter?',
      'Twice a day in summer, once in winter.',
    ]);
    for (const question of [
      'How often do you feed your starter?',
      'how often do you feed your starter',
      'How often should I feed my starter?',
    ]) {
      const answer = await collect(brain, clone, question);
      expect([question, answer.text]).toEqual([question, 'Twice a day in summer, once in winter. [1]']);
      expect(answer.tokens.join('')).toBe(answer.text);
      expect(answer.citations).toEqual([
        expect.objectContaining({ position: 1, used: true, title: CREATOR_ANSWER_TITLE, url: null }),
      ]);
    }
    // Another question about the starter is not the revised one.
    const other = await collect(brain, clone, 'What flour do you use for the starter?');
    expect(other.text).not.toContain('Twice a day');
  });

  it('passes the speaking-style notes on; the local brain keeps to one sentence when asked to be brief', async () => {
    const question = 'What temperature do you bake at?';
    const long = await collect(brain, clone, question);
    await teach('tone_feedback', ['Keep answers shorter, please.']);
    const seen: AnswerInput[] = [];
    const spy: Brain = {
      async *answer(input) {
        seen.push(input);
        yield { type: 'done', text: '', citations: [] };
      },
    };
    await collect(withCreatorKnowledge(db, spy), clone, question);
    expect(seen[0]?.toneFeedback).toEqual(['Keep answers shorter, please.']);
    const short = await collect(brain, clone, question);
    expect(short.text.length).toBeLessThan(long.text.length);
    expect(long.text.startsWith(short.text.replace(/\s*\[\d+\]\.?$/, ''))).toBe(true);
    for (const c of short.citations.filter((c) => c.used)) expect(short.text).toContain(`[${c.position}]`);
  });
});
