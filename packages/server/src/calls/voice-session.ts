/**
 * @module One browser voice call on the local pipeline (issue 11): the caller's microphone comes
 * in as 16 kHz PCM; voice-activity.ts finds each utterance; the recogniser (with the clone's own
 * language model) hears it; it is stored and answered like a chat message, and the answer comes
 * back as speech. Speaking over the clone stops it (barge-in). The call's seconds are charged as
 * it runs, every 5 s, atomically against the caller's quota (store/charge-seconds.ts): when the
 * quota is gone the call ends; at its hard limit (6 hours, or 1 hour for a video call, charged as
 * video seconds) it ends too, and at the embed configuration's call
 * limit when the call has one (spec/calls.md §4: ended with reason `call-limit`).
 */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import type { CallClientEvent, CallEndReason, CallServerEvent, CloneStatus } from '@doppel/protocol';
import { CallClientEvent as CallClientEventSchema } from '@doppel/protocol';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { describeError } from '../logger';
import type { Recogniser, SpeechModel } from '../providers/speech';
import type { Tts } from '../providers/tts';
import { pcmWav } from '../speech/wav';
import { acceptMessage } from '../store/accept-message';
import { chargeSeconds } from '../store/charge-seconds';
import { insertCloneMessage } from '../store/messages';
import type { CallClaims } from './call-token';
import { voiceActivity } from './voice-activity';

/** How often the running call is charged. */
export const CHARGE_EVERY_MS = 5_000;
/** spec/calls.md §9: the longest call. */
export const MAX_CALL_SECONDS = 21_600;
const HISTORY_TURNS = 12;
const TITLE_LENGTH = 100;

/** What the session needs of the socket. */
export interface CallSocket {
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, binary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
}

export interface VoiceSessionDeps {
  db: Db;
  brain: Brain;
  clock: Clock;
  logger: Logger;
  recogniser: Recogniser;
  tts: Tts;
  /** The clone's recognition model. */
  model: () => Promise<SpeechModel>;
  /** The clone's voice (its own, or the local default). */
  voice: { provider: 'espeak' | '11labs' | 'cartesia' | 'openai'; voiceId: string; model: string | null };
  /** Each line of the transcript as it is sent (a video call keeps them: routes/video-calls.ts). */
  onTranscript?: (role: 'user' | 'assistant', text: string) => void;
  /** The call ended: why, and the seconds charged for it in all. */
  onEnded?: (reason: CallEndReason, seconds: number) => Promise<void>;
  /** Seconds were charged (a member's overage is reported to the payments provider). */
  onCharged?: () => void;
}

const spoken = (text: string) => text.replace(/\s*\[\d+\]/g, '').replace(/[*_#>`]/g, '');

export function runVoiceSession(socket: CallSocket, call: CallClaims, deps: VoiceSessionDeps): void {
  const { db, clock, logger } = deps;
  const startedAt = clock.now().getTime();
  const vad = voiceActivity();
  let charged = call.charged;
  let ended = false;
  let status: CloneStatus = 'LISTENING';
  /** The answer being made or spoken; aborted by barge-in or the end of the call. */
  let answering: AbortController | null = null;
  let queue: Promise<void> = Promise.resolve();

  const send = (event: CallServerEvent) => {
    if (!ended || event.type === 'ended') socket.send(JSON.stringify(event));
  };
  const setStatus = (next: CloneStatus) => {
    if (status === next) return;
    status = next;
    send({ type: 'status', status: next });
  };
  const elapsed = () => Math.ceil((clock.now().getTime() - startedAt) / 1000);
  const maxSeconds = Math.min(call.maxSeconds, MAX_CALL_SECONDS);
  const transcript = (role: 'user' | 'assistant', text: string) => {
    send({ type: 'transcript', role, text });
    deps.onTranscript?.(role, text);
  };

  /** Charges the seconds used so far; false when the quota could not cover them. */
  const charge = async (): Promise<boolean> => {
    const due = Math.min(elapsed(), call.callLimitSeconds ?? maxSeconds, maxSeconds) - charged;
    if (due <= 0) return true;
    const result = await chargeSeconds(db, {
      resource: call.resource,
      userId: call.userId,
      visitorId: call.visitorId,
      cloneId: call.cloneId,
      instanceId: call.instanceId,
      seconds: due,
      now: clock.now(),
    });
    if (result.status !== 'charged') return false;
    charged += result.granted;
    if (result.granted > 0) deps.onCharged?.();
    return result.granted === due;
  };

  const end = async (reason: CallEndReason) => {
    if (ended) return;
    ended = true;
    clearInterval(meter);
    clearTimeout(limit);
    clearTimeout(hardLimit);
    answering?.abort();
    await charge().catch((error) => logger.error(`charging call ${call.conversationId} failed`, error));
    send({ type: 'ended', reason, seconds: charged });
    socket.close(1000, reason);
    await deps
      .onEnded?.(reason, charged)
      .catch((error) => logger.error(`recording the end of call ${call.conversationId} failed`, error));
  };

  const meter = setInterval(() => {
    if (elapsed() >= maxSeconds) {
      void end('time-limit');
      return;
    }
    void charge().then(
      (covered) => {
        if (!covered) void end('quota');
      },
      (error) => {
        logger.error(`charging call ${call.conversationId} failed`, error);
        void end('error');
      },
    );
  }, CHARGE_EVERY_MS);

  // The embed's call limit, to the second: charged (up to it) and ended with `call-limit`.
  const limit =
    call.callLimitSeconds === null
      ? undefined
      : setTimeout(() => void end('call-limit'), call.callLimitSeconds * 1000);
  // The call's hard limit, to the second (spec/calls.md §9: 1 hour for a video call).
  const hardLimit = setTimeout(() => void end('time-limit'), maxSeconds * 1000);

  /** Hears one utterance (or takes the question chosen before the call), answers it, speaks the answer. */
  const turn = async (said: Int16Array | string) => {
    if (ended) return;
    const abort = new AbortController();
    answering = abort;
    setStatus('THINKING');
    try {
      const heard =
        typeof said === 'string' ? said : await deps.recogniser.transcribe(pcmWav(said), await deps.model());
      if (abort.signal.aborted) return;
      if (heard === '') {
        setStatus('LISTENING');
        return;
      }
      transcript('user', heard);
      const accepted = await acceptMessage(db, {
        conversationId: call.conversationId,
        slug: call.slug,
        text: heard,
        firstTitle: heard.slice(0, TITLE_LENGTH),
        historyTurns: HISTORY_TURNS,
        owner: { userId: call.userId, visitorId: call.visitorId, stateless: call.stateless },
        // Call time is metered in seconds, not messages.
        charge: null,
      });
      if (accepted.status !== 'stored')
        throw new Error(`the call's conversation refused the turn: ${accepted.status}`);
      let done: { text: string; citations: Parameters<typeof insertCloneMessage>[1]['citations'] } | null =
        null;
      for await (const event of deps.brain.answer({
        clone: accepted.clone,
        question: heard,
        history: accepted.history,
        signal: abort.signal,
      })) {
        if (event.type === 'done') done = event;
      }
      if (!done || abort.signal.aborted) return;
      await insertCloneMessage(db, {
        conversationId: call.conversationId,
        text: done.text,
        citations: done.citations,
        interrupted: false,
        products: accepted.products,
      });
      const words = spoken(done.text);
      transcript('assistant', words);
      const speaker = deps.tts.speakerFor(deps.voice);
      if (!speaker) {
        setStatus('LISTENING');
        return;
      }
      const speech = await speaker.speaker.speak(words, speaker.choice, abort.signal);
      const audio = Buffer.from(await new Response(speech.body).arrayBuffer());
      if (abort.signal.aborted || ended) return;
      setStatus('SPEAKING');
      socket.send(audio);
    } catch (error) {
      if (abort.signal.aborted || ended) return;
      logger.warn(`a turn of call ${call.conversationId} failed: ${describeError(error)}`);
      setStatus('LISTENING');
    } finally {
      if (answering === abort) answering = null;
    }
  };

  socket.on('message', (data, binary) => {
    if (ended) return;
    if (binary) {
      const pcm = new Int16Array(
        data.buffer.slice(data.byteOffset, data.byteOffset + (data.byteLength & ~1)),
      );
      for (const event of vad.push(pcm)) {
        if (event.type === 'speech-started') {
          // Barge-in: the caller speaks over the clone, which stops.
          if (status === 'SPEAKING' || answering) {
            answering?.abort();
            answering = null;
          }
          send({ type: 'speech-started' });
          setStatus('LISTENING');
        } else {
          queue = queue.then(() => turn(event.pcm));
        }
      }
      return;
    }
    let event: CallClientEvent;
    try {
      event = CallClientEventSchema.parse(JSON.parse(data.toString('utf8')));
    } catch {
      return; // not ours: ignored
    }
    if (event.type === 'played') setStatus('LISTENING');
    else void end('hangup');
  });
  socket.on('close', () => void end('hangup'));
  send({ type: 'status', status: 'LISTENING' });
  // spec/calls.md §4: a video call started with a question from the start overlay answers it first.
  if (call.question) {
    const question = call.question;
    queue = queue.then(() => turn(question));
  }
}
