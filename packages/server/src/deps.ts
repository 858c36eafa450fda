/** @module What every route module is built from. */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Mailer } from './providers/mailer';
import type { SmsSender } from './providers/sms';
import type { Tts } from './providers/tts';

export interface AppDeps {
  db: Db;
  brain: Brain;
  config: Config;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Read aloud: who speaks a clone's voice here. */
  tts: Tts;
  /** The server secret (AUTH_SECRET or the stored one), loaded once. */
  authSecret: () => Promise<string>;
}
