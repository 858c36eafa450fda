/**
 * @module The brain as an OpenAI-compatible endpoint (DESIGN §3), for voice providers that
 * call a custom language model: each clone is a model named by its slug.
 */
import { chatCompletions } from '@doppel/brain';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { jsonBody } from '../middleware/json-body';
import { listPublicClones, loadCloneForBrain } from '../store/clones';
import { flushed, SSE_HEADERS } from '../streaming/sse';

const encoder = new TextEncoder();

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

export function openaiRoutes({ db, brain, config }: AppDeps) {
  const loadClone = (slug: string) => loadCloneForBrain(db, slug);
  return new Hono()
    .get('/openai/v1/models', async (c) => {
      const clones = await listPublicClones(db);
      const created = Math.floor(Date.now() / 1000);
      return c.json({
        object: 'list',
        data: clones.map((clone) => ({ id: clone.slug, object: 'model', created, owned_by: 'doppel' })),
      });
    })
    .post(
      '/openai/v1/chat/completions',
      jsonBody(z.unknown(), { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const result = await chatCompletions({ db, brain, loadClone }, c.var.body);
        if ('stream' in result)
          return new Response(toBody(result.stream), { status: 200, headers: SSE_HEADERS });
        const status: ContentfulStatusCode = result.status === 200 ? 200 : toErrorStatus(result.status);
        return c.json(result.json, status);
      },
    );
}

/** The brain answers plain numbers; keep them to statuses a JSON body may carry. */
function toErrorStatus(status: number): ContentfulStatusCode {
  const allowed: readonly ContentfulStatusCode[] = [
    400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 502, 503,
  ];
  return allowed.find((s) => s === status) ?? 500;
}
