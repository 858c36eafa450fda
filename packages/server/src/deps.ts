/** @module What every route module is built from. */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import type { Config } from './config';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  brain: Brain;
  config: Config;
  logger: Logger;
}
