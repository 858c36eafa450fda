/**
 * @module The capture flow of an embedded chat with the app's API as its effects (spec/chat.md §4,
 * spec/calls.md §4): core's `createCaptureFlow`, loaded with this module when a visitor may be
 * asked for an e-mail, not with the chat's first load.
 */
import { type CaptureFlow, createCaptureFlow } from '@doppel/core';
import {
  type CaptureSnapshot,
  type CloneProfile,
  SEND_CODE_FAILED,
  VERIFY_CODE_FAILED,
} from '@doppel/protocol';
import {
  type ApiClient,
  sendEmailCode,
  sendPhoneCode,
  statusOf,
  verifyEmailCode,
  verifyPhoneCode,
} from '../api';
import type { SessionStore } from '../session/session-store';
import type { EmbedStorage } from './embed-storage';

export interface EmbedCaptureFlowOptions {
  clone: CloneProfile;
  storage: EmbedStorage;
  api: ApiClient;
  session: SessionStore;
  /** Whitelabel embeds ask for code mails without the product logo. */
  noLogo: () => boolean;
  /** COMPLETED, after the session was refreshed: claim the conversation, refresh usage. */
  onCompleted: () => Promise<void>;
  /** The flow asks for the newest line to be shown (200 ms after a step). */
  onScroll: () => void;
}

/** The server's words when it refused (its `error` or `detail`), else the spec's generic text. */
function reason(error: unknown, fallback: string): string {
  const status = statusOf(error);
  return status >= 400 && status < 500 && error instanceof Error && error.message ? error.message : fallback;
}

/** What the iframe keeps of a finished flow: where it got to, no one-time codes. */
const forStorage = (snapshot: CaptureSnapshot): CaptureSnapshot => ({
  state: snapshot.state,
  values: { ...snapshot.values, otp: '', otp_phone: '', error: null },
});

/** The flow for one embedded chat; its owner disposes it. */
export function createEmbedCaptureFlow(options: EmbedCaptureFlowOptions): CaptureFlow {
  const { clone, storage, api, session } = options;
  const instanceSlug = clone.instance?.slug ?? null;
  return createCaptureFlow<ReturnType<typeof setTimeout>>({
    now: () => Date.now(),
    random: () => Math.random(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle),
    requirePhoneNumber: clone.options.requirePhoneNumber,
    effects: {
      async sendEmailCode(email) {
        try {
          await sendEmailCode(api, email, options.noLogo());
          return { ok: true };
        } catch (error) {
          return { ok: false, error: reason(error, SEND_CODE_FAILED) };
        }
      },
      async verifyEmailCode(email, code) {
        try {
          const answer = await verifyEmailCode(api, email, code);
          // Signed in: the bearer token goes to the iframe's storage before anything else asks.
          storage.setToken(answer.token);
          void session.signedInWith(answer);
          return { ok: true, phoneNumber: answer.user.phoneNumber };
        } catch (error) {
          return { ok: false, error: reason(error, VERIFY_CODE_FAILED) };
        }
      },
      async sendPhoneCode(phone) {
        try {
          await sendPhoneCode(api, phone);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: reason(error, SEND_CODE_FAILED) };
        }
      },
      async verifyPhoneCode(phone, code) {
        try {
          await verifyPhoneCode(api, phone, code, clone.slug);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: reason(error, VERIFY_CODE_FAILED) };
        }
      },
      async onCompleted(snapshot) {
        storage.setCapture(clone.slug, instanceSlug, forStorage(snapshot));
        await session.refresh();
        await options.onCompleted();
      },
      scrollToBottom: () => options.onScroll(),
    },
  });
}
