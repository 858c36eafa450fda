/**
 * @module A call on Vapi, driven by `@vapi-ai/web`'s events (spec/calls.md §3 "Transcript event",
 * §4): the SDK joins the room the server opened (`reconnect`), and its events become the same
 * intents as the local pipeline's — the call active, the clone's status (speech start SPEAKING,
 * speech end LISTENING; the caller's own speech LISTENING, then THINKING when it stops), the
 * transcript (PARTIAL lines shown as they come, replaced by the FINAL one), the end, a failure.
 */
import type { CloneStatus, VapiVoiceCall } from '@doppel/protocol';
import type Vapi from '@vapi-ai/web';
import { z } from 'zod';

/** The SDK's `message` events that are read; the rest are ignored. */
const VapiClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('transcript'),
    role: z.string(),
    transcriptType: z.string().transform((t) => t.toUpperCase()),
    transcript: z.string(),
  }),
  z.object({ type: z.literal('speech-update'), role: z.string(), status: z.enum(['started', 'stopped']) }),
]);

export interface VapiSessionHandlers {
  active(): void;
  status(status: CloneStatus): void;
  transcript(line: { role: 'user' | 'assistant'; text: string; final: boolean }): void;
  ended(): void;
  /** The SDK failed; `microphone`: the browser refused the microphone. */
  failed(cause: string, outcome: 'microphone' | 'vapi-error'): void;
}

/** A short description of whatever the SDK emitted as an error. */
export function describeVapiError(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 200);
  const parsed = z
    .object({ type: z.string().optional(), error: z.unknown().optional(), errorMsg: z.string().optional() })
    .loose()
    .safeParse(error);
  if (!parsed.success) return String(error).slice(0, 200);
  const inner = parsed.data.error;
  const message =
    parsed.data.errorMsg ??
    (inner instanceof Error
      ? inner.message
      : typeof inner === 'string'
        ? inner
        : JSON.stringify(inner ?? null));
  return `${parsed.data.type ?? 'error'}: ${message}`.slice(0, 200);
}

/** Follows `vapi`'s events for `call` and joins its room; answers a function that stops following. */
export function followVapiCall(vapi: Vapi, call: VapiVoiceCall, on: VapiSessionHandlers): () => void {
  let over = false;
  const once = (fn: () => void) => {
    if (over) return;
    fn();
  };
  const listeners = {
    'call-start': () => once(() => on.active()),
    'speech-start': () => once(() => on.status('SPEAKING')),
    'speech-end': () => once(() => on.status('LISTENING')),
    message: (message: unknown) =>
      once(() => {
        const parsed = VapiClientMessage.safeParse(message);
        if (!parsed.success) return;
        const event = parsed.data;
        if (event.type === 'speech-update') {
          if (event.role === 'user') on.status(event.status === 'started' ? 'LISTENING' : 'THINKING');
          return;
        }
        if (event.role !== 'user' && event.role !== 'assistant') return;
        const text = event.transcript.trim();
        if (text) on.transcript({ role: event.role, text, final: event.transcriptType === 'FINAL' });
      }),
    'call-end': () =>
      once(() => {
        over = true;
        on.ended();
      }),
    error: (error: unknown) =>
      once(() => {
        over = true;
        on.failed(describeVapiError(error), 'vapi-error');
      }),
    'camera-error': (error: unknown) =>
      once(() => {
        over = true;
        on.failed(describeVapiError(error), 'microphone');
      }),
  } as const;
  for (const [name, listener] of Object.entries(listeners)) vapi.on(name as keyof typeof listeners, listener);
  vapi.reconnect(call.webCall).catch((error: unknown) =>
    once(() => {
      over = true;
      on.failed(describeVapiError(error), 'vapi-error');
    }),
  );
  return () => {
    over = true;
    for (const [name, listener] of Object.entries(listeners))
      vapi.removeListener(name as keyof typeof listeners, listener);
  };
}
