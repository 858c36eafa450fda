/**
 * @module Sending a message (the answer streams back as SSE) and reading an answer's sources.
 * spec/chat.md §7, DESIGN §4: the visitor's message is stored before the first byte, and a send
 * past the caller's quota answers 402 before any event, with nothing written.
 */
import {
  BOT_CHECK_FAILED,
  type Citation,
  INVALID_OUTBOUND_MESSAGE,
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
import { type AcceptOutcome, acceptMessage } from '../store/accept-message';
import { findCloneBySlug } from '../store/clones';
import { listCitations, messageReadableBy } from '../store/messages';
import { loadQuotaFacts } from '../store/quota-facts';
import { conversationFiles } from '../store/upload-passages';
import { attachUploads, findOwnReadyUploads } from '../store/uploads';
import { usageSubject } from '../store/usage-counters';
import { answerStream } from '../streaming/answer-stream';
import { SSE_HEADERS } from '../streaming/sse';
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

      // DESIGN §4: usage is charged in the statement that stores the message.
      const enforce = config.usage.enforce;
      const outcome: AcceptOutcome = isUuid(conversationId)
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
          })
        : { status: 'not-found' };
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
      const stream = answerStream({
        db,
        brain,
        logger,
        keepAliveMs: config.streamKeepAliveMs,
        conversationId,
        userMessageId: outcome.userMessageId,
        input: { clone, question, history, attachments: conversationFiles(db, conversationId, uploadUrl) },
        products: outcome.products,
      });
      return new Response(stream, { status: 200, headers: SSE_HEADERS });
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
