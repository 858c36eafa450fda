import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnswerEvent, Brain, CloneForBrain } from '../brain';
import { importClone } from '../import/import-clone';
import { copyFixture } from '../testing/clone-fixture';
import { type FakeLlm, type FakeReply, startFakeLlm } from '../testing/fake-llm-server';
import { createLlmBrain } from './llm-brain';

const RequestBody = z.object({
  model: z.string(),
  stream: z.boolean(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
});

async function collect(brain: Brain, clone: CloneForBrain, question: string, signal?: AbortSignal) {
  const events: AnswerEvent[] = [];
  for await (const event of brain.answer({
    clone,
    question,
    history: [
      { sender: 'USER', text: 'hi' },
      { sender: 'CLONE', text: 'Hello [1].' },
    ],
    ...(signal ? { signal } : {}),
  })) {
    events.push(event);
  }
  return events;
}

describe.each(testDatabases())('createLlmBrain on $name', ({ open }) => {
  let db: Db;
  let clone: CloneForBrain;
  let llm: FakeLlm | undefined;
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
      description: 'I bake.',
      suggestedQuestions: [],
    };
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await llm?.close();
    llm = undefined;
  });
  const brainFor = async (reply: (body: unknown) => FakeReply) => {
    llm = await startFakeLlm(reply);
    return createLlmBrain(db, { baseUrl: llm.baseUrl, apiKey: 'sk-test', model: 'test-model' });
  };

  it('sends numbered passages and streams the deltas as tokens, markers mapped to citations', async () => {
    const brain = await brainFor(() => ({
      pieces: ['I feed my starter ', 'once a day [', '1]. Rye', ' wakes it up [9]', '.'],
    }));
    const events = await collect(brain, clone, 'How often do you feed your starter?');
    const tokens = events.flatMap((e) => (e.type === 'token' ? [e.token] : []));
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    // [9] has no passage: dropped from the stream and from the final text alike.
    expect(done.text).toBe('I feed my starter once a day [1]. Rye wakes it up.');
    expect(tokens.join('')).toBe(done.text);
    expect(done.citations.length).toBeGreaterThan(1);
    expect(done.citations.map((c) => c.position)).toEqual(done.citations.map((_, i) => i + 1));
    expect(done.citations.filter((c) => c.used).map((c) => c.position)).toEqual([1]);

    const request = llm?.requests[0];
    expect(request?.authorization).toBe('Bearer sk-test');
    const body = RequestBody.parse(request?.body);
    expect(body).toMatchObject({ model: 'test-model', stream: true });
    const system = body.messages[0]?.content ?? '';
    expect(system).toContain('You are Sam Okafor, Sourdough baker.');
    expect(system).toMatch(/\[1\] From "[^"]+" \((website|youtube|podcast|file)/);
    expect(system).toContain(done.citations[0]?.text.slice(0, 40));
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'How often do you feed your starter?' },
    ]);
  });

  it('keeps an answer without markers as it is, its passages offered as relevant sources only', async () => {
    const brain = await brainFor(() => ({ pieces: ['I feed my starter ', 'once a day.'] }));
    const events = await collect(brain, clone, 'How often do you feed your starter?');
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.text).toBe('I feed my starter once a day.');
    expect(done.citations.length).toBeGreaterThan(0);
    expect(done.citations.every((c) => !c.used)).toBe(true);
  });

  it('searches a follow-up with the question it follows, as the local brain does (issue 8 §2)', async () => {
    const brain = await brainFor(() => ({ pieces: ['Twice a day [1].'] }));
    let done: AnswerEvent | undefined;
    for await (const event of brain.answer({
      clone,
      question: 'And in winter?',
      history: [
        { sender: 'USER', text: 'How often do you feed your starter?' },
        { sender: 'CLONE', text: 'Once a day [1].' },
      ],
    }))
      done = event;
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.retrieval?.query).toBe('How often do you feed your starter? And in winter?');
    expect(done.citations.length).toBeGreaterThan(0);
    const body = RequestBody.parse(llm?.requests[0]?.body);
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'And in winter?' });
  });

  it('asks the model to answer only from the numbered passages, in the clone’s voice, and to say when they fall short', async () => {
    const brain = await brainFor(() => ({ pieces: ['Once a day [1].'] }));
    await collect(brain, clone, 'How often do you feed your starter?');
    const system = RequestBody.parse(llm?.requests[0]?.body).messages[0]?.content ?? '';
    expect(system).toMatch(/only from the numbered passages/);
    expect(system).toMatch(/first person/);
    expect(system).toMatch(/do not cover the question, say so/);
    expect(system).toMatch(/never a number that is not there/);
  });

  it('tells the model when nothing matches', async () => {
    const brain = await brainFor(() => ({ pieces: ["I haven't covered that."] }));
    const events = await collect(brain, clone, 'cryptocurrency regulation');
    expect(events.at(-1)).toEqual({
      type: 'done',
      text: "I haven't covered that.",
      citations: [],
      retrieval: { source: 'knowledge', query: 'cryptocurrency regulation', passages: [] },
    });
    const body = RequestBody.parse(llm?.requests[0]?.body);
    expect(body.messages[0]?.content).toContain('No passage of what you have said or written matches');
  });

  it('gives the model the creators’ speaking-style notes (issue 10 §5)', async () => {
    const brain = await brainFor(() => ({ pieces: ['Feed it daily [1].'] }));
    const events: AnswerEvent[] = [];
    for await (const event of brain.answer({
      clone,
      question: 'How often do you feed your starter?',
      history: [],
      toneFeedback: ['More casual.', 'No jargon.'],
    })) {
      events.push(event);
    }
    const system = RequestBody.parse(llm?.requests.at(-1)?.body).messages[0]?.content ?? '';
    expect(system).toContain('adjust your speaking style');
    expect(system).toContain('- More casual.\n- No jargon.');
  });

  it('throws a readable error for a non-2xx answer', async () => {
    const brain = await brainFor(() => ({
      status: 401,
      body: '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}',
    }));
    await expect(collect(brain, clone, 'starter')).rejects.toThrow(
      'LLM request failed: HTTP 401 Unauthorized: Incorrect API key provided',
    );
  });

  it.each([
    ['data: {not json\n\n', /LLM stream was malformed: not JSON/],
    [
      'data: {"choices":[{"delta":{"content":"partial"},"finish_reason":null}]}\n\n',
      /ended before the answer was complete/,
    ],
    ['data: {"error":{"message":"overloaded"}}\n\n', /LLM stream failed: overloaded/],
    ['data: {"choices":"nope"}\n\n', /LLM stream was malformed/],
  ])('throws a readable error for a broken stream (%#)', async (raw, message) => {
    const brain = await brainFor(() => ({ raw }));
    await expect(collect(brain, clone, 'starter')).rejects.toThrow(message);
  });

  it('says which endpoint it could not reach', async () => {
    const brain = createLlmBrain(db, { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' });
    await expect(collect(brain, clone, 'starter')).rejects.toThrow(
      'LLM request to http://127.0.0.1:1/v1/chat/completions failed',
    );
  });

  it('aborts the request when the listener has gone', async () => {
    const brain = await brainFor(() => ({
      pieces: Array.from({ length: 50 }, (_, i) => `word${i} `),
      delayMs: 20,
    }));
    const controller = new AbortController();
    const events: AnswerEvent[] = [];
    for await (const event of brain.answer({
      clone,
      question: 'starter',
      history: [],
      signal: controller.signal,
    })) {
      events.push(event);
      if (events.length === 3) controller.abort();
    }
    expect(events.length).toBeLessThan(6);
    expect(events.some((e) => e.type === 'done')).toBe(false);
    await llm?.clientGone;
  });
});
