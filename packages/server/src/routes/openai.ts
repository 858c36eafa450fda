/**
 * @module The brain as an OpenAI-compatible endpoint (DESIGN §3, §4), for voice providers that
 * call a custom language model: each clone is a model named by its slug. Every route needs an
 * API key (middleware/api-key), which answers for one clone only: the models list is that
 * clone, and any other `model` does not exist for it (404). What a key gets answered is counted
 * on the key. `POST /openai/v1/vapi/chat/completions` is the same for Vapi, whose custom LLM URL
 * is a base that it appends `/chat/completions` to; it also takes Vapi's `X-Vapi-Secret`.
 */
import { type AnsweredCompletion, chatCompletions } from '@doppel/brain';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { describeError } from '../logger';
import { type ApiKeyEnv, apiKey } from '../middleware/api-key';
import { jsonBody } from '../middleware/json-body';
import { type ApiKeyGrant, countApiKeyAnswer } from '../store/api-keys';
import { loadCloneForBrain } from '../store/clones';
import { flushed, SSE_HEADERS } from '../streaming/sse';

const encoder = new TextEncoder();
/** Vapi's custom LLM URL: a base it appends `/chat/completions` to. */
const VAPI_PREFIX = '/api/openai/v1/vapi/';

/** An async iterable of SSE lines as a response body; closing the response stops the iterator. */
function toBody(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await iterator.next();
      if (step.done) controller.close();
      else {
        controller.enqueue(encoder.encode(step.value));
        await flushed();
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export function openaiRoutes({ db, brain, config, clock, logger }: AppDeps) {
  /** Counted after the answer, never before it: a failed count is logged, the answer stands. */
  const count = (grant: ApiKeyGrant) => (answer: AnsweredCompletion) => {
    countApiKeyAnswer(db, grant.keyId, answer).catch((error: unknown) =>
      logger.warn(`could not count an answer on API key ${grant.keyId}: ${describeError(error)}`),
    );
  };
  const completions = async (c: Context<ApiKeyEnv & { Variables: { body: unknown } }>) => {
    const grant = c.var.apiKey;
    // The key's clone is the only model there is for it.
    const loadClone = async (slug: string) => (slug === grant.cloneSlug ? loadCloneForBrain(db, slug) : null);
    const result = await chatCompletions({ db, brain, loadClone, onAnswered: count(grant) }, c.var.body);
    if ('stream' in result) return new Response(toBody(result.stream), { status: 200, headers: SSE_HEADERS });
    const status: ContentfulStatusCode = result.status === 200 ? 200 : toErrorStatus(result.status);
    return c.json(result.json, status);
  };
  const body = jsonBody(z.unknown(), { maxBytes: config.jsonBodyLimitBytes });
  const plainKey = apiKey({ db, clock });
  const vapiKey = apiKey({ db, clock, vapiSecret: true });
  return (
    new Hono<ApiKeyEnv>()
      // Every route here needs a key; the /vapi form also takes Vapi's X-Vapi-Secret header.
      .use('/openai/v1/*', (c, next) => (c.req.path.startsWith(VAPI_PREFIX) ? vapiKey : plainKey)(c, next))
      .get('/openai/v1/models', async (c) => {
        const created = Math.floor(Date.now() / 1000);
        const model = { id: c.var.apiKey.cloneSlug, object: 'model', created, owned_by: 'doppel' };
        return c.json({ object: 'list', data: [model] });
      })
      .post('/openai/v1/chat/completions', body, completions)
      .post('/openai/v1/vapi/chat/completions', body, completions)
  );
}

/** The brain answers plain numbers; keep them to statuses a JSON body may carry. */
function toErrorStatus(status: number): ContentfulStatusCode {
  const allowed: readonly ContentfulStatusCode[] = [
    400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 502, 503,
  ];
  return allowed.find((s) => s === status) ?? 500;
}
