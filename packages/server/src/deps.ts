/** @module What every route module is built from. */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import type { BotCheck } from './bot-check/bot-check';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './logger';
import type { LiveTranscription } from './providers/gladia';
import type { GoogleSignIn } from './providers/google';
import type { Mailer } from './providers/mailer';
import type { SmsSender } from './providers/sms';
import type { Recogniser } from './providers/speech';
import type { LocalStorage, Storage } from './providers/storage';
import type { StripePayments } from './providers/stripe';
import type { TelegramBot } from './providers/telegram';
import type { Tts } from './providers/tts';
import type { VapiCalls } from './providers/vapi';
import type { VideoProvider } from './providers/video';

export interface AppDeps {
  db: Db;
  brain: Brain;
  config: Config;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** The Telegram bot (or its local outbox). */
  telegram: TelegramBot;
  /** Read aloud: who speaks a clone's voice here. */
  tts: Tts;
  /** Where uploads are kept (local disk or S3). */
  storage: Storage;
  /** The local disk storage when it is the one in use (it serves its own part PUTs). */
  localStorage: LocalStorage | null;
  /** Google sign-in (OpenID Connect), or null when this deployment does not offer it. */
  google: GoogleSignIn | null;
  /** Dictation's speech recogniser, or null where this deployment has none. */
  recogniser: Recogniser | null;
  /** Dictation's live transcription (Gladia), or null where it is not configured. */
  liveTranscription: LiveTranscription | null;
  /** Browser voice calls on Vapi, or null where they run on the local pipeline. */
  vapi: VapiCalls | null;
  /** Who runs video calls (the local voice pipeline by default). */
  video: VideoProvider;
  /** Stripe (memberships bought and billed), or null where payments are not configured. */
  payments: StripePayments | null;
  /** The site's invisible bot check (challenges, tokens). */
  botCheck: BotCheck;
  /** The server secret (AUTH_SECRET or the stored one), loaded once. */
  authSecret: () => Promise<string>;
}
