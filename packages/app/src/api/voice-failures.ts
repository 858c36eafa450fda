import type { VoiceFailureReport } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/**
 * POST /api/voice-failures: tells the operator a voice call or memo failed (spec/calls.md §7).
 * Never throws: a report that cannot be sent changes nothing for the visitor.
 */
export function reportVoiceFailure(api: ApiClient, report: VoiceFailureReport): void {
  void api.send('/voice-failures', { method: 'POST', body: report }).catch(() => undefined);
}
