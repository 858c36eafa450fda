/**
 * @module The feedback dialog's send (spec/chat.md §3, §5): subject and content, required,
 * content at most FEEDBACK_MAX_LENGTH characters, with the page it was sent from. The server
 * adds the caller's IP address and, when signed in, their name and e-mail. Limited per IP.
 */
import { FeedbackRequest } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { insertFeedback } from '../store/feedback';

export const TOO_MUCH_FEEDBACK = 'Too much feedback sent. Try again later.';
/** Generous: a person writes a few; a script gets stopped. */
export const FEEDBACK_PER_IP_PER_HOUR = 10;

export function feedbackRoutes({ db, config, clock }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return (
    new Hono<AppEnv>()
      /** Stores the feedback: `{"ok": true}` with 201. */
      .post('/feedback', jsonBody(FeedbackRequest, limits), async (c) => {
        const body = c.var.body;
        const who = identityOf(c);
        const user = await who.user();
        const outcome = await insertFeedback(db, {
          cloneId: null,
          userId: user?.id ?? null,
          visitorId: who.visitorId || null,
          subject: body.subject,
          feedback: body.content,
          pathname: body.metadata.pathname,
          ipAddress: clientIp(c, config.auth),
          name: user?.name ?? null,
          email: user?.email ?? null,
          now: clock.now(),
          perIpPerHour: FEEDBACK_PER_IP_PER_HOUR,
        });
        if (outcome !== 'stored') return apiError(c, 429, TOO_MUCH_FEEDBACK);
        return c.json({ ok: true as const }, 201);
      })
  );
}
