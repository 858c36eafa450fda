/** @module `@doppel/server`: the HTTP application and its settings. The process is src/main.ts. */
export { type CreateAppOptions, createApp } from './app';
export { CONFIG_VARIABLES, type Config, ConfigError, loadConfig } from './config';
export { createLogger, type Logger, silentLogger } from './logger';
export { createExamplesApp } from './process/examples-app';
export { type Listening, listen } from './process/listen';
export { openDatabase } from './process/open-database';
