/**
 * @module A streaming call to any OpenAI-compatible chat-completions endpoint: POST
 * {baseUrl}/chat/completions with `stream: true`, read as server-sent events of
 * `chat.completion.chunk` objects until `data: [DONE]`. Answers the content deltas as they
 * arrive; failures throw with a readable message.
 */
import { z } from 'zod';
import type { ChatMessage } from './build-prompt';
import { sseData } from './sse-data';

export interface LlmOptions {
  /** e.g. 'https://api.openai.com/v1' (with or without a trailing slash). */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Defaults to the global fetch; tests and proxies pass their own. */
  fetch?: typeof fetch;
  temperature?: number;
}

const Chunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
});
const StreamError = z.object({ error: z.object({ message: z.string() }) });

/** The error message an OpenAI-style error body carries, else the start of the body. */
function describeBody(text: string): string {
  try {
    const parsed = StreamError.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error.message;
  } catch {
    // not JSON: fall through
  }
  return text.trim().slice(0, 300) || '(empty body)';
}

export async function* streamChatCompletion(
  options: LlmOptions,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        messages,
        stream: true,
        temperature: options.temperature ?? 0.3,
      }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return;
    throw new Error(
      `LLM request to ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(
      `LLM request failed: HTTP ${response.status} ${response.statusText}: ${describeBody(body)}`,
    );
  }
  if (!response.body) throw new Error('LLM response has no body');
  let finished = false;
  try {
    for await (const data of sseData(response.body)) {
      if (data.trim() === '[DONE]') return;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        throw new Error(`LLM stream was malformed: not JSON: ${data.slice(0, 120)}`);
      }
      const failure = StreamError.safeParse(json);
      if (failure.success) throw new Error(`LLM stream failed: ${failure.data.error.message}`);
      const chunk = Chunk.safeParse(json);
      if (!chunk.success)
        throw new Error(`LLM stream was malformed: ${chunk.error.issues[0]?.message ?? 'bad chunk'}`);
      for (const choice of chunk.data.choices) {
        if (choice.delta?.content) yield choice.delta.content;
        if (choice.finish_reason) finished = true;
      }
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  if (!finished) throw new Error('LLM stream ended before the answer was complete');
}
