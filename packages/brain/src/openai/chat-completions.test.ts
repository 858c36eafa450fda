import { createServer, type Server } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerInput, Brain, CloneForBrain } from '../brain';
import { chatCompletions } from './chat-completions';

const clone: CloneForBrain = {
  id: 'c1',
  slug: 'sam-bakes',
  name: 'Sam',
  headline: '',
  description: '',
  suggestedQuestions: [],
};
const inputs: AnswerInput[] = [];
/** How many tokens the brain had yielded when its generator ended (null: still running). */
let yieldedWhenEnded: number | null = null;

/** A brain that answers with markers, word by word, then many filler words (for cancelling). */
const brain: Brain = {
  async *answer(input) {
    inputs.push(input);
    const words =
      input.question === 'long'
        ? Array.from({ length: 500 }, (_, i) => `w${i} `)
        : ['I feed', ' it daily', ' [', '1].', ' Rye [2] helps.'];
    let yielded = 0;
    try {
      for (const token of words) {
        await new Promise((resolve) => setTimeout(resolve, input.question === 'long' ? 5 : 0));
        if (input.signal?.aborted) return;
        yield { type: 'token', token };
        yielded += 1;
      }
      yield { type: 'done', text: words.join(''), citations: [] };
    } finally {
      yieldedWhenEnded = yielded;
    }
  },
};
const deps = {
  db: { query: () => Promise.reject(new Error('not used')) },
  brain,
  loadClone: async (slug: string) => (slug === 'sam-bakes' ? clone : null),
};

let server: Server;
let client: OpenAI;
let baseURL = '';
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    const result = await chatCompletions(deps, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    if ('stream' in result) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const iterator = result.stream[Symbol.asyncIterator]();
      res.on('close', () => void iterator.return?.());
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        if (res.destroyed) break;
        res.write(step.value);
      }
      res.end();
    } else {
      res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.json));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  baseURL = `http://127.0.0.1:${address.port}/v1`;
  client = new OpenAI({ baseURL, apiKey: 'unused', maxRetries: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('chatCompletions through the official openai client', () => {
  it('answers a chat.completion without citation markers', async () => {
    const completion = await client.chat.completions.create({
      model: 'sam-bakes',
      messages: [
        { role: 'system', content: 'You are a voice assistant.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: [{ type: 'text', text: 'How often do you feed your starter?' }] },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('sam-bakes');
    expect(completion.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: 'I feed it daily. Rye helps.',
    });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(inputs.at(-1)).toMatchObject({
      clone,
      question: 'How often do you feed your starter?',
      history: [
        { sender: 'USER', text: 'Hi' },
        { sender: 'CLONE', text: 'Hello!' },
      ],
    });
  });

  it('streams chunks: the role first, then content, then finish_reason and usage', async () => {
    const stream = await client.chat.completions.create({
      model: 'sam-bakes',
      messages: [{ role: 'user', content: 'How often?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(content).toBe('I feed it daily. Rye helps.');
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0]?.id)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('stops the brain when the client stops reading', async () => {
    yieldedWhenEnded = null;
    const stream = await client.chat.completions.create({
      model: 'sam-bakes',
      messages: [{ role: 'user', content: 'long' }],
      stream: true,
    });
    let n = 0;
    for await (const _ of stream) if (++n === 5) break;
    await expect.poll(() => yieldedWhenEnded, { timeout: 2_000 }).not.toBeNull();
    expect(yieldedWhenEnded).toBeLessThan(100);
  });

  it('reports what it answered to onAnswered: whole answers, and a stream cut short with what was sent', async () => {
    const answered: unknown[] = [];
    const counted = { ...deps, onAnswered: (answer: unknown) => answered.push(answer) };
    const body = { model: 'sam-bakes', messages: [{ role: 'user', content: 'How often?' }] };
    await chatCompletions(counted, body);
    expect(answered).toEqual([{ characters: 27, completionTokens: 7, promptTokens: 3 }]);
    const whole = await chatCompletions(counted, { ...body, stream: true });
    if (!('stream' in whole)) throw new Error('expected a stream');
    for await (const _ of whole.stream);
    expect(answered.at(-1)).toEqual({ characters: 27, completionTokens: 7, promptTokens: 3 });
    const cut = await chatCompletions(counted, {
      ...body,
      messages: [{ role: 'user', content: 'long' }],
      stream: true,
    });
    if (!('stream' in cut)) throw new Error('expected a stream');
    let n = 0;
    for await (const _ of cut.stream) if (++n === 4) break;
    // The role chunk, then three pieces: "w0 w1 w2" (the marker filter holds a trailing space back).
    expect(answered.at(-1)).toEqual({ characters: 8, completionTokens: 2, promptTokens: 1 });
    expect(answered).toHaveLength(3);
    // Refusals answer nothing: not reported.
    await chatCompletions(counted, { ...body, model: 'nobody' });
    expect(answered).toHaveLength(3);
  });

  it('answers 404 in OpenAI error shape for an unknown clone', async () => {
    const failure = await client.chat.completions
      .create({ model: 'nobody', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.NotFoundError);
    if (!(failure instanceof OpenAI.NotFoundError)) return;
    expect(failure.status).toBe(404);
    expect(failure.code).toBe('model_not_found');
    expect(failure.message).toContain('The model `nobody` does not exist');
  });

  it('answers 400 for a body without a user message or with bad fields', async () => {
    const noUser = await client.chat.completions
      .create({ model: 'sam-bakes', messages: [{ role: 'system', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(noUser).toBeInstanceOf(OpenAI.BadRequestError);
    expect(await chatCompletions(deps, { model: 'sam-bakes', messages: [] })).toEqual({
      status: 400,
      json: {
        error: {
          message: 'Invalid request: messages: messages must not be empty',
          type: 'invalid_request_error',
          param: 'messages',
          code: 'invalid_request',
        },
      },
    });
    expect(await chatCompletions(deps, 'nope')).toMatchObject({
      status: 400,
      json: { error: { type: 'invalid_request_error' } },
    });
  });
});
