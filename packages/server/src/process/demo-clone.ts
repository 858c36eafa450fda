/** @module The demo clone is imported on the first start (DESIGN §3), never re-imported over edits. */
import { existsSync } from 'node:fs';
import { importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import type { Logger } from '../logger';

export const DEMO_SLUG = 'demo';

/** Imports `dir` when no clone `demo` exists yet; a missing folder is only a warning. */
export async function ensureDemoClone(db: Db, dir: string, logger: Logger): Promise<void> {
  const rows = await db.query('SELECT 1 FROM clones WHERE slug = $1', [DEMO_SLUG]);
  if (rows.length > 0) return;
  if (!existsSync(dir)) {
    logger.warn(`no clone "${DEMO_SLUG}" and no demo clone folder at ${dir}; skipping the demo import`);
    return;
  }
  logger.info(`importing the demo clone from ${dir}`);
  const started = Date.now();
  await importClone(db, dir);
  logger.info(`demo clone imported in ${Date.now() - started} ms`);
}
