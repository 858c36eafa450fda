/** @module Opens the configured database and brings its schema up to date (server and CLI). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Db, migrate, openDb } from '@doppel/db';
import type { Config } from '../config';

/**
 * The bundled server (dist/main.mjs) ships the migrations beside itself in dist/migrations;
 * from the sources the db package finds its own.
 */
export function bundledMigrationsDir(): string | undefined {
  const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
  return existsSync(dir) ? dir : undefined;
}

/** Opens PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR) and migrates; answers the migrations applied. */
export async function openDatabase(config: Config): Promise<{ db: Db; applied: string[] }> {
  const db = await openDb({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  try {
    const dir = bundledMigrationsDir();
    const applied = await migrate(db, dir ? { dir } : {});
    return { db, applied };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** 'PostgreSQL' or 'PGlite at <dir>', for the start-up log. */
export function describeDatabase(config: Config): string {
  if (config.databaseUrl) return 'PostgreSQL (DATABASE_URL)';
  return config.dataDir === 'memory://' ? 'PGlite in memory' : `PGlite in ${config.dataDir}`;
}
