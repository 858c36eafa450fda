/**
 * @module What a video call keeps for its end report (the staff debug panel, spec/calls.md §6):
 * its events, when it went live, why it is ending; and the end told to the server, the same for
 * the local provider and Tavus.
 */
import type { VideoCallEvent, VideoEndReason } from '@doppel/protocol';
import { type ApiClient, endVideoCall, sendVideoReport } from '../api';

export interface VideoCallLog {
  events: VideoCallEvent[];
  /** When the call went live (the local provider's recording start), or null. */
  liveAt: number | null;
  /** Why the page is ending the call (its limits, a failed recording), before the call says so. */
  endReason: VideoEndReason | null;
}

/** An empty log. */
export function newVideoCallLog(): VideoCallLog {
  return { events: [], liveAt: null, endReason: null };
}

/** Keeps one event of the call for its end report. */
export function noteIn(log: VideoCallLog, name: string, detail?: string): void {
  log.events.push({ at: Date.now(), name, detail });
}

/** Tells the server the call `id` ended and why, with the report of its events (taken out of the log). */
export function reportVideoEnd(api: ApiClient, id: string, reason: VideoEndReason, log: VideoCallLog): void {
  noteIn(log, 'ended', reason);
  void endVideoCall(api, id, { reason }).catch(() => undefined);
  void sendVideoReport(api, id, {
    reason,
    liveAt: log.liveAt,
    endedAt: Date.now(),
    events: log.events.splice(0),
  }).catch(() => undefined);
}
