/**
 * @module The local voice pipeline's WebSocket (DESIGN §4 "the local voice WebSocket"): an
 * upgrade to VOICE_SOCKET_PATH with a valid call ticket (routes/calls.ts) from this site's own
 * pages starts the call's session (voice-session.ts); anything else is refused before upgrading.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { VoiceSettings } from '@doppel/brain';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../deps';
import { reportCallOverage } from '../payments/overage';
import { VOICE_SOCKET_PATH } from '../routes/calls';
import { cloneLanguageModels } from '../speech/clone-language-model';
import { findCloneVoice } from '../store/tts-audio';
import { readCallToken } from './call-token';
import { videoCallHooks } from './video-call-hooks';
import { runVoiceSession } from './voice-session';

/** espeak-ng's voice for a clone without one of its own. */
const LOCAL_VOICE = { provider: 'espeak', voiceId: 'en-us', model: null } as const;

export interface VoiceSockets {
  /** Handles an HTTP upgrade; false when it is not the voice socket's (another handler's). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
}

export function voiceSockets(deps: AppDeps): VoiceSockets | null {
  const { recogniser } = deps;
  if (!recogniser) return null;
  const server = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const models = cloneLanguageModels(deps.db, recogniser);
  const site = new URL(deps.config.publicUrl).origin;
  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  return {
    upgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', site);
      if (url.pathname !== VOICE_SOCKET_PATH) return false;
      // Only this site's pages (and the embed's iframe, on this origin) open it from a browser.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== site) {
        refuse(socket, '403 Forbidden');
        return true;
      }
      void (async () => {
        const call = readCallToken(
          await deps.authSecret(),
          url.searchParams.get('call') ?? '',
          deps.clock.now(),
        );
        const clone = call ? await findCloneVoice(deps.db, call.slug) : null;
        if (!call || !clone) {
          refuse(socket, '401 Unauthorized');
          return;
        }
        const voice = VoiceSettings.nullable().catch(null).parse(clone.voice) ?? LOCAL_VOICE;
        server.handleUpgrade(request, socket, head, (ws) => {
          runVoiceSession(ws, call, {
            db: deps.db,
            brain: deps.brain,
            clock: deps.clock,
            logger: deps.logger,
            recogniser,
            tts: deps.tts,
            model: () => models(call.cloneId),
            voice,
            onCharged: () => void reportCallOverage(deps, call),
            ...(call.videoCallId ? videoCallHooks(deps, call.videoCallId) : {}),
          });
        });
      })().catch((error: unknown) => {
        deps.logger.error('the voice socket failed to open', error);
        refuse(socket, '500 Internal Server Error');
      });
      return true;
    },
    close: () => server.close(),
  };
}
