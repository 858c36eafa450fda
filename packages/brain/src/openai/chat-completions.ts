/**
 * @module The brain as an OpenAI-compatible chat-completions endpoint (DESIGN §3), for voice
 * providers that call a custom language model. Framework-neutral: the server passes the
 * parsed JSON body and writes back what this answers.
 *
 * `model` is the clone's slug; the last user message is the question and the earlier user and
 * assistant messages the history (system messages are ignored: the clone's own prompt rules).
 * Citation markers are left out of the text: it is meant to be spoken.
 */
import type { Queryable } from '@doppel/db';
import { type ChatCompletionContent, ChatCompletionsRequest } from '@doppel/protocol';
import type { Brain, CloneForBrain, HistoryTurn } from '../brain';
import { MarkerFilter } from '../llm/marker-filter';

export interface ChatCompletionsDeps {
  db: Queryable;
  brain: Brain;
  /** The clone a `model` names (its slug), or null. */
  loadClone(slugOrModel: string): Promise<CloneForBrain | null>;
  /**
   * Told what was answered once an answer is over — complete, or cut short when the caller
   * stopped reading a stream (then what was sent). Not called for refusals. The server counts
   * it per API key; it must not throw, and is not awaited, so an answer never waits for it.
   */
  onAnswered?(answer: AnsweredCompletion): void;
}

/** What one completion answered, as its `usage` counts it. */
export interface AnsweredCompletion {
  /** Characters of the answer's text. */
  characters: number;
  completionTokens: number;
  promptTokens: number;
}

export type ChatCompletionsResult =
  | { status: number; json: unknown }
  | { status: 200; stream: AsyncIterable<string> };

/** OpenAI's error shape. */
function error(
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): ChatCompletionsResult {
  return { status, json: { error: { message, type: 'invalid_request_error', param, code } } };
}

function text(content: ChatCompletionContent | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join('\n');
}

/** A rough token count (about four characters a token) for `usage`. */
const tokens = (s: string): number => Math.ceil(s.length / 4);

export async function chatCompletions(
  deps: ChatCompletionsDeps,
  body: unknown,
): Promise<ChatCompletionsResult> {
  const parsed = ChatCompletionsRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join('.') || null;
    return error(
      400,
      `Invalid request: ${param ? `${param}: ` : ''}${issue?.message ?? 'bad body'}`,
      'invalid_request',
      param,
    );
  }
  const { model, messages, stream } = parsed.data;
  const lastUser = messages.findLastIndex((m) => m.role === 'user' && text(m.content).trim() !== '');
  if (lastUser === -1)
    return error(400, 'Invalid request: messages must contain a user message', 'invalid_request', 'messages');
  const clone = await deps.loadClone(model);
  if (!clone) {
    return error(
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'model_not_found',
      'model',
    );
  }
  const question = text(messages[lastUser]?.content).trim();
  const history: HistoryTurn[] = messages.slice(0, lastUser).flatMap((m) => {
    if (m.role !== 'user' && m.role !== 'assistant') return [];
    const said = text(m.content).trim();
    return said ? [{ sender: m.role === 'user' ? 'USER' : 'CLONE', text: said } satisfies HistoryTurn] : [];
  });
  const id = `chatcmpl-${crypto.randomUUID().replace(/-/g, '')}`;
  const created = Math.floor(Date.now() / 1000);
  const promptTokens = tokens(messages.map((m) => text(m.content)).join('\n'));

  const answerPieces = async function* (signal: AbortSignal): AsyncGenerator<string, void, undefined> {
    const filter = new MarkerFilter(() => false);
    for await (const event of deps.brain.answer({ clone, question, history, signal })) {
      if (event.type !== 'token') continue;
      const piece = filter.push(event.token);
      if (piece) yield piece;
    }
    const rest = filter.end();
    if (rest) yield rest;
  };

  const answered = (answer: string): void =>
    deps.onAnswered?.({ characters: answer.length, completionTokens: tokens(answer), promptTokens });

  if (!stream) {
    let answer = '';
    for await (const piece of answerPieces(new AbortController().signal)) answer += piece;
    answered(answer);
    return {
      status: 200,
      json: {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: tokens(answer),
          total_tokens: promptTokens + tokens(answer),
        },
      },
    };
  }

  const includeUsage = parsed.data.stream_options?.include_usage === true;
  const line = (value: object): string => `data: ${JSON.stringify(value)}\n\n`;
  const chunk = (delta: object, finishReason: string | null): string =>
    line({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  async function* lines(): AsyncGenerator<string, void, undefined> {
    const controller = new AbortController();
    const pieces = answerPieces(controller.signal);
    let answer = '';
    try {
      yield chunk({ role: 'assistant', content: '' }, null);
      for (let step = await pieces.next(); !step.done; step = await pieces.next()) {
        answer += step.value;
        yield chunk({ content: step.value }, null);
      }
      yield chunk({}, 'stop');
      if (includeUsage) {
        const completion = tokens(answer);
        const usage = {
          prompt_tokens: promptTokens,
          completion_tokens: completion,
          total_tokens: promptTokens + completion,
        };
        yield line({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
      }
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      yield line({ error: { message, type: 'server_error', param: null, code: null } });
    } finally {
      // Done, or the consumer went away: abort first (an LLM request stops at once), then end the brain.
      controller.abort();
      answered(answer);
      await pieces.return();
    }
    yield 'data: [DONE]\n\n';
  }
  return { status: 200, stream: lines() };
}
