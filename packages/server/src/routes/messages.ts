/**
 * @module Sending a message (the answer streams back as SSE) and reading an answer's sources.
 * spec/chat.md §7, DESIGN §4: the visitor's message is stored before the first byte, and a send
 * past the caller's quota answers 402 before any event, with nothing written.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@doppel/db';
import {
  BOT_CHECK_FAILED,
  type Citation,
  INVALID_OUTBOUND_MESSAGE,
  LAST_EVENT_ID_HEADER,
  LastEventId,
  STREAM_ID_HEADER,
  StreamRequest,
  type UsageRefusal,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { isUuid } from '../http/uuid';
import { toCitation } from '../mappers/citation';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { reportOverage } from '../payments/overage';
import { type AcceptOutcome, acceptMessage, StreamTaken } from '../store/accept-message';
import { findStream, STREAM_LEASE_MS } from '../store/answer-streams';
import { findCloneBySlug } from '../store/clones';
import { findConversation, type Owner } from '../store/conversations';
import { listCitations, messageReadableBy } from '../store/messages';
import { loadQuotaFacts } from '../store/quota-facts';
import { conversationFiles } from '../store/upload-passages';
import { attachUploads, findOwnReadyUploads } from '../store/uploads';
import { usageSubject } from '../store/usage-counters';
import { runAnswer, takeOverAnswer } from '../streaming/answer-stream';
import { SSE_HEADERS } from '../streaming/sse';
import { createStreamRelay } from '../streaming/stream-relay';
import { titleFromMessage } from '../streaming/title-from-message';
import { usagePeriod } from '../usage/period';
import { quotasFor } from '../usage/quotas';
import { usageAnswer } from '../usage/usage-answer';
import { CLONE_NOT_FOUND } from './clones';
import { CONVERSATION_NOT_FOUND } from './conversations';
import { FILE_NOT_FOUND, uploadUrl } from './uploads';

export const MESSAGE_NOT_FOUND = 'Message not found';
/** The 402 of a send the quota refuses (the body also carries the usage that refused it). */
export const MESSAGE_LIMIT_REACHED = 'Message limit reached';
/** Issue 7 §5: a send is counted against someone; a caller that keeps no identity is no one. */
export const IDENTITY_REQUIRED =
  'Sending needs a visitor id or a session: keep the cookie (or the X-Doppel-Visitor header) this server hands out';
/** A stream id that is not the caller's, or a stream too old to be resumed. */
export const STREAM_NOT_FOUND = 'Stream not found';
/** `Last-Event-ID` that is not an event number. */
export const BAD_LAST_EVENT_ID = 'Last-Event-ID must be the number of an event of the stream';
/** Earlier turns the brain sees as context. */
export const HISTORY_TURNS = 12;

/**
 * spec/chat.md §5/§8: a blank text is exactly 'Invalid outbound message'; any other problem
 * says which field is wrong after it.
 */
export function describeOutbound(error: z.ZodError): string {
  const blankOnly = error.issues.every((i) => i.code === 'custom' && i.path.join('.') === 'message.text');
  return blankOnly ? INVALID_OUTBOUND_MESSAGE : `${INVALID_OUTBOUND_MESSAGE}: ${describeIssues(error)}`;
}

export function messageRoutes(deps: AppDeps) {
  const { db, brain, config, logger, clock, botCheck } = deps;
  const body = jsonBody(StreamRequest, { maxBytes: config.jsonBodyLimitBytes, describe: describeOutbound });
  const relay = createStreamRelay(db, logger);
  /** The SSE response of stream `streamId` after event `afterSeq` (issue 14 §2). */
  const streamResponse = (
    stream: { id: string; conversationId: string; userMessageId: string },
    afterSeq: number,
  ) =>
    new Response(
      relay.follow(stream.id, afterSeq, {
        keepAliveMs: config.streamKeepAliveMs,
        takeOver: (writer, written) =>
          takeOverAnswer({
            db,
            brain,
            logger,
            writer,
            conversationId: stream.conversationId,
            userMessageId: stream.userMessageId,
            written,
            attachments: conversationFiles(db, stream.conversationId, uploadUrl),
          }),
      }),
      { status: 200, headers: { ...SSE_HEADERS, [STREAM_ID_HEADER]: stream.id } },
    );
  return new Hono<AppEnv>()
    .post('/clone/talk/messages/stream', body, async (c) => {
      const { message } = c.var.body;
      const conversationId = message.conversationId;
      const question = message.text.trim();
      const identity = identityOf(c);
      const user = await identity.user();
      if (identity.freshVisitor && !user) return apiError(c, 401, IDENTITY_REQUIRED);
      // spec/chat.md §6: the full site's sends pass the invisible bot check; embeds are exempt.
      if (
        config.botCheck.required &&
        identity.client === 'site' &&
        !(await botCheck.accepts(message.botToken, identity.visitorId))
      )
        return apiError(c, 403, BOT_CHECK_FAILED);
      const owner = {
        userId: user?.id ?? null,
        visitorId: identity.visitorId,
        stateless: identity.stateless,
      };

      // Files sent with the message are the caller's own, ready, and not another conversation's.
      const fileIds = message.fileIds ?? [];
      const files = await findOwnReadyUploads(db, fileIds, owner);
      if (
        files.length !== new Set(fileIds).size ||
        files.some((f) => f.conversation_id && f.conversation_id !== conversationId)
      )
        return apiError(c, 404, FILE_NOT_FOUND);

      // A retried send resumes the stream it already started (issue 14 §2): one message, one charge.
      const afterSeq = LastEventId.safeParse(c.req.header(LAST_EVENT_ID_HEADER) ?? '0');
      if (!afterSeq.success) return apiError(c, 400, BAD_LAST_EVENT_ID);
      const streamId = c.var.body.streamId ?? randomUUID();
      const resume = async () => {
        const taken = await resumableStream(db, streamId, owner);
        if (!taken || taken === 'not-found') return apiError(c, 404, STREAM_NOT_FOUND);
        return streamResponse(taken, afterSeq.data);
      };

      // DESIGN §4: usage is charged in the statement that stores the message, and the stream's
      // row is written by the same statement, so a retry after a crash finds both or neither.
      const enforce = config.usage.enforce;
      let outcome: AcceptOutcome;
      try {
        outcome = isUuid(conversationId)
          ? await acceptMessage(db, {
              conversationId,
              slug: message.slug,
              text: question,
              firstTitle: titleFromMessage(question),
              historyTurns: HISTORY_TURNS,
              owner,
              charge: enforce
                ? {
                    subject: usageSubject(owner.userId, owner.visitorId),
                    period: usagePeriod(clock.now()),
                    freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
                    now: clock.now(),
                  }
                : null,
              // Kept so that a process taking the stream over can ask the brain again.
              stream: {
                id: streamId,
                holder: relay.holder,
                leaseSeconds: STREAM_LEASE_MS / 1000,
                keepBrainInput: true,
              },
            })
          : { status: 'not-found' };
      } catch (error) {
        if (!(error instanceof StreamTaken)) throw error;
        return resume();
      }
      if (outcome.status === 'stream-taken') return resume();
      if (outcome.status === 'not-found') {
        const clone = await findCloneBySlug(db, message.slug);
        return apiError(c, 404, clone ? CONVERSATION_NOT_FOUND : CLONE_NOT_FOUND);
      }
      if (outcome.status === 'refused') {
        // Rare: read the facts again to tell the app which quota refused (it opens the paywall).
        const facts = await loadQuotaFacts(db, {
          slug: message.slug,
          userId: owner.userId,
          instance: outcome.instanceId ? { id: outcome.instanceId } : null,
          now: clock.now(),
          freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
        });
        const refusal: UsageRefusal = {
          error: MESSAGE_LIMIT_REACHED,
          ...(facts && {
            usage: usageAnswer({
              used: outcome.used,
              quotas: quotasFor(facts.facts),
              options: facts.options,
              signedIn: user !== null,
              relationship: facts.facts.relationship?.type ?? null,
            }),
          }),
        };
        return c.json(refusal, 402);
      }
      const { clone, history } = outcome;
      // Overage billing: a member's use past the quota goes to Stripe's meters, off this answer's path.
      if (deps.payments && owner.userId && enforce) {
        const member = { userId: owner.userId, slug: message.slug, instanceId: outcome.instanceId };
        void reportOverage(deps, member).catch((error) => logger.error('overage report failed', error));
      }
      if (files.length > 0) await attachUploads(db, { conversationId, uploads: files, url: uploadUrl });
      void runAnswer({
        db,
        brain,
        logger,
        writer: relay.write(streamId),
        conversationId,
        userMessageId: outcome.userMessageId,
        input: {
          clone,
          question,
          history,
          // Searched only when the conversation has files with text (a search costs a statement).
          ...((outcome.hasAttachedText || files.length > 0) && {
            attachments: conversationFiles(db, conversationId, uploadUrl),
          }),
        },
        products: outcome.products,
      });
      return streamResponse({ id: streamId, conversationId, userMessageId: outcome.userMessageId }, 0);
    })
    .get('/clone/talk/messages/stream/:streamId', async (c) => {
      // Issue 14 §2: the events after `Last-Event-ID`, then the rest as it comes, on any process.
      const afterSeq = LastEventId.safeParse(c.req.header(LAST_EVENT_ID_HEADER) ?? '0');
      if (!afterSeq.success) return apiError(c, 400, BAD_LAST_EVENT_ID);
      const stream = await resumableStream(db, c.req.param('streamId'), await ownerOf(c));
      if (!stream || stream === 'not-found') return apiError(c, 404, STREAM_NOT_FOUND);
      return streamResponse(stream, afterSeq.data);
    })
    .get('/clone/talk/messages/:id/sources', async (c) => {
      const id = c.req.param('id');
      // Like the conversation itself: its owner reads a message's sources (anyone, while it is shared).
      const owner = await ownerOf(c);
      if (!isUuid(id) || !(await messageReadableBy(db, id, owner)))
        return apiError(c, 404, MESSAGE_NOT_FOUND);
      const sources: Citation[] = (await listCitations(db, id)).map(toCitation);
      return c.json(sources);
    });
}

/**
 * The stream `streamId` when the caller owns its conversation; null when there is no such stream
 * (a new send may take the id); 'not-found' when it is someone else's.
 */
async function resumableStream(
  db: Db,
  streamId: string,
  owner: Owner,
): Promise<{ id: string; conversationId: string; userMessageId: string } | null | 'not-found'> {
  if (!isUuid(streamId)) return null;
  const stream = await findStream(db, streamId);
  if (!stream) return null;
  if (!(await findConversation(db, stream.conversation_id, owner))) return 'not-found';
  return { id: stream.id, conversationId: stream.conversation_id, userMessageId: stream.user_message_id };
}
