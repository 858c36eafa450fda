/** @module The demo clone is imported on the first start (DESIGN §3), never re-imported over edits. */
import { existsSync } from 'node:fs';
import { CloneFolderError, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { describeError, type Logger } from '../logger';

export const DEMO_SLUG = 'demo';

/**
 * Imports `dir` when no clone `demo` exists yet. A missing or broken folder is logged and the
 * server starts anyway: the demo is a convenience, not something the product needs to run.
 */
export async function ensureDemoClone(db: Db, dir: string, logger: Logger): Promise<void> {
  const rows = await db.query('SELECT 1 FROM clones WHERE slug = $1', [DEMO_SLUG]);
  if (rows.length > 0) return;
  if (!existsSync(dir)) {
    logger.warn(`no clone "${DEMO_SLUG}" and no demo clone folder at ${dir}; skipping the demo import`);
    return;
  }
  logger.info(`importing the demo clone from ${dir}`);
  const started = Date.now();
  try {
    await importClone(db, dir);
    logger.info(`demo clone imported in ${Date.now() - started} ms`);
  } catch (error) {
    const reason = error instanceof CloneFolderError ? error.message : describeError(error, true);
    logger.error(`the demo clone could not be imported: ${reason}`);
  }
}
