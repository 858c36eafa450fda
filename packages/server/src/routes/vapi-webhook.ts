/**
 * @module POST /api/webhooks/vapi (DESIGN §4 "provider webhooks under /api/webhooks/:provider";
 * spec/calls.md §7): Vapi's server messages for the calls this server started. The secret Vapi
 * sends as `X-Vapi-Secret` (set in each call's assistant) is checked first: a wrong one answers
 * 401 and nothing is read. The end-of-call report of a call is handled once (`vapi_calls`): its
 * seconds are charged from the call's real length (atomically, up to the quota, like the local
 * pipeline), its transcript and recording URL are written to its conversation, and its brain key
 * is revoked. A replay answers 200 and changes nothing; an unknown call answers 404.
 */
import { timingSafeEqual } from 'node:crypto';
import { DEFAULT_CONVERSATION_TITLE, VapiEndOfCallReport, VapiServerMessage } from '@doppel/protocol';
import { Hono } from 'hono';
import { MAX_CALL_SECONDS } from '../calls/voice-session';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { BODY_TOO_LARGE, MALFORMED_JSON, readLimited } from '../middleware/json-body';
import { reportCallOverage } from '../payments/overage';
import { revokeApiKey } from '../store/api-keys';
import { chargeSeconds } from '../store/charge-seconds';
import {
  addVapiCallCharge,
  claimVapiCallEnd,
  reopenVapiCall,
  storeVapiTranscript,
} from '../store/vapi-calls';

export const BAD_VAPI_SECRET = 'Invalid X-Vapi-Secret';
export const UNKNOWN_VAPI_CALL = 'No such call';
const NOT_CONFIGURED = 'Not found';
/** A report may carry a long transcript. */
const REPORT_LIMIT_BYTES = 2 * 1024 * 1024;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The call's length in whole seconds, from what the report says. */
function lengthOf(report: VapiEndOfCallReport['message']): number {
  if (report.durationSeconds !== undefined) return Math.ceil(report.durationSeconds);
  if (report.startedAt && report.endedAt)
    return Math.max(0, Math.ceil((Date.parse(report.endedAt) - Date.parse(report.startedAt)) / 1000));
  return 0;
}

export function vapiWebhookRoutes(deps: AppDeps) {
  const { db, clock, vapi } = deps;
  return new Hono().post('/webhooks/vapi', async (c) => {
    if (!vapi) return apiError(c, 404, NOT_CONFIGURED);
    if (!sameSecret(c.req.header('x-vapi-secret') ?? '', vapi.webhookSecret))
      return apiError(c, 401, BAD_VAPI_SECRET);
    const raw = await readLimited(c.req.raw, REPORT_LIMIT_BYTES);
    if (raw === null) return apiError(c, 413, BODY_TOO_LARGE);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return apiError(c, 400, MALFORMED_JSON);
    }
    const any = VapiServerMessage.safeParse(json);
    if (!any.success) return apiError(c, 400, describeIssues(any.error));
    if (any.data.message.type !== 'end-of-call-report') return c.json({ ok: true });
    const parsed = VapiEndOfCallReport.safeParse(json);
    if (!parsed.success) return apiError(c, 400, describeIssues(parsed.error));
    const report = parsed.data.message;
    const call = await claimVapiCallEnd(db, report.call.id, clock.now());
    if (call === 'unknown') return apiError(c, 404, UNKNOWN_VAPI_CALL);
    if (call === 'ended') return c.json({ ok: true, replay: true });
    try {
      const seconds = Math.min(
        lengthOf(report),
        call.call_limit_seconds ?? MAX_CALL_SECONDS,
        MAX_CALL_SECONDS,
      );
      const due = seconds - call.charged;
      if (due > 0) {
        const charged = await chargeSeconds(db, {
          resource: 'voice_seconds',
          userId: call.user_id,
          visitorId: call.visitor_id,
          cloneId: call.clone_id,
          instanceId: call.instance_id,
          seconds: due,
          now: clock.now(),
        });
        // Kept at once: a retry after a later failure charges nothing twice.
        if (charged.status === 'charged') {
          await addVapiCallCharge(db, call.call_id, charged.granted);
          void reportCallOverage(deps, {
            userId: call.user_id,
            cloneId: call.clone_id,
            instanceId: call.instance_id,
          });
        }
      }
      const lines = report.artifact.messages.flatMap((m): { sender: 'USER' | 'CLONE'; text: string }[] => {
        const text = m.message?.trim();
        if (!text) return [];
        if (m.role === 'user') return [{ sender: 'USER', text }];
        if (m.role === 'bot' || m.role === 'assistant') return [{ sender: 'CLONE', text }];
        return [];
      });
      await storeVapiTranscript(db, {
        conversationId: call.conversation_id,
        lines,
        recordingUrl:
          report.artifact.recordingUrl ??
          report.artifact.recording?.mono?.combinedUrl ??
          report.recordingUrl ??
          null,
        defaultTitle: DEFAULT_CONVERSATION_TITLE,
      });
      if (call.api_key_id) await revokeApiKey(db, call.api_key_id, clock.now());
    } catch (error) {
      await reopenVapiCall(db, call.call_id);
      throw error;
    }
    return c.json({ ok: true });
  });
}
