/**
 * @module The server process (`node packages/server/dist/main.mjs`): settings → database →
 * migrations → demo clone on first start → brain → the app on PORT and the examples on
 * EXAMPLES_PORT. SIGINT/SIGTERM close the servers, let the answers being written end, then close
 * the database.
 */
import { appFromDeps, createDeps } from './app';
import { voiceSockets } from './calls/voice-sockets';
import { ConfigError, loadConfig } from './config';
import { createLogger, describeError } from './logger';
import { ensureDemoClone } from './process/demo-clone';
import { createExamplesApp } from './process/examples-app';
import { type Listening, listen } from './process/listen';
import { describeDatabase, openDatabase } from './process/open-database';
import { llmProvider } from './providers/llm';
import { answersEnded } from './streaming/answer-stream';

/** How long a shutdown waits for the answers being written before it closes the database. */
const SHUTDOWN_ANSWERS_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  logger.info(`database: ${describeDatabase(config)}`);
  const { db, applied } = await openDatabase(config);
  if (applied.length > 0) logger.info(`applied migrations: ${applied.join(', ')}`);
  await ensureDemoClone(db, config.demoCloneDir, logger);

  const brain = llmProvider.create(config.llm, { db });
  logger.info(
    config.configured.llm
      ? `answers: LLM ${config.llm.model} at ${config.llm.baseUrl}`
      : 'answers: local (no LLM)',
  );

  const servers: Listening[] = [];
  const deps = createDeps({ db, brain, config, logger });
  // The local voice call's socket shares the app's deps (its clock, secret, brain and voices).
  const voice = voiceSockets(deps);
  const app = await listen(appFromDeps(deps), config.port, config.host, config.httpTimeouts, voice?.upgrade);
  servers.push(app);
  if (config.examplesPort !== 0) {
    const examples = createExamplesApp({ examplesDir: config.examplesDir, publicUrl: config.publicUrl });
    const listening = await listen(examples, config.examplesPort, config.host, config.httpTimeouts);
    servers.push(listening);
    logger.info(`example host pages at http://localhost:${listening.port}/`);
  }
  logger.info(`Doppel is running at ${config.publicUrl}/demo`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    voice?.close();
    await Promise.all(servers.map((s) => s.close()));
    // The answers still being written end first, then the database closes under none of them.
    await answersEnded(SHUTDOWN_ANSWERS_MS);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : describeError(error, true);
  console.error(`Doppel could not start: ${message}`);
  process.exit(1);
});
