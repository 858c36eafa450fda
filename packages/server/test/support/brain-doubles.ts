/** @module Brains for tests: scripted answers, gates to pause them, failures. */
import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '@doppel/brain';

export const DOC_ID = '00000000-0000-4000-8000-000000000001';

export const CITATIONS: CitationDraft[] = [
  {
    position: 1,
    used: true,
    documentId: DOC_ID,
    documentTitle: 'How I plan a season',
    title: 'How I plan a season',
    text: 'I start every season with a single page.',
    url: 'https://www.youtube.com/watch?v=abc123',
    timestampMs: 102_000,
    type: 'youtube',
  },
  {
    position: 2,
    used: false,
    documentId: DOC_ID,
    documentTitle: 'Notes',
    title: 'Notes',
    text: 'A relevant passage.',
    url: null,
    timestampMs: null,
    type: 'file',
  },
];

export interface ScriptedBrain extends Brain {
  /** Every input the brain was asked, in order. */
  inputs: AnswerInput[];
}

/** Yields `tokens`, then `done` with their text and `citations`. */
export function scriptedBrain(tokens: string[], citations: CitationDraft[] = CITATIONS): ScriptedBrain {
  const inputs: AnswerInput[] = [];
  return {
    inputs,
    async *answer(input): AsyncGenerator<AnswerEvent, void, undefined> {
      inputs.push(input);
      for (const token of tokens) yield { type: 'token', token };
      yield { type: 'done', text: tokens.join(''), citations };
    },
  };
}

/** A promise with its resolver, to hold a brain at a point until the test lets it go. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * Yields its first token, then waits for `release` (or the abort signal) before the rest.
 * `aborted` resolves when the server aborted it.
 */
export function pausingBrain(tokens: string[], release: Promise<void>) {
  const aborted = gate();
  const brain: Brain = {
    async *answer(input) {
      input.signal?.addEventListener('abort', () => aborted.open(), { once: true });
      yield { type: 'token', token: tokens[0] ?? '' };
      await Promise.race([release, aborted.promise]);
      if (input.signal?.aborted) throw new Error('aborted');
      for (const token of tokens.slice(1)) yield { type: 'token', token };
      yield { type: 'done', text: tokens.join(''), citations: CITATIONS };
    },
  };
  return { brain, aborted: aborted.promise };
}

/** Yields `before`, then throws. */
export function failingBrain(before: string[] = []): Brain {
  return {
    async *answer() {
      for (const token of before) yield { type: 'token', token };
      throw new Error('the model is down');
    },
  };
}

/** Never answers and ignores its abort signal: a stuck provider. */
export function stuckBrain(): Brain {
  return {
    async *answer() {
      await new Promise(() => {});
    },
  };
}
