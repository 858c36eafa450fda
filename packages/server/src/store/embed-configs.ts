/** @module Embed configurations in `embed_configs` (migration 006). */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import {
  EmbedConfigRow,
  type StoredColours,
  type StoredMode,
  type StoredWhitelabel,
} from '../embed/embed-config';

const SELECT = `SELECT e.id, e.clone_id, c.slug AS clone_slug, c.options AS clone_options, e.instance_id,
    i.slug AS instance_slug, e.allowed_origins, e.whitelabel, e.mode, e.colours, e.call_limit_seconds, e.created_at
  FROM embed_configs e
  JOIN clones c ON c.id = e.clone_id
  LEFT JOIN clone_instances i ON i.id = e.instance_id`;

export interface NewEmbedConfig {
  id: string;
  cloneId: string;
  instanceId: string | null;
  allowedOrigins: readonly string[];
  whitelabel: StoredWhitelabel;
  mode: StoredMode;
  colours: StoredColours;
  /** spec/calls.md §4: the longest voice call in this embed, in seconds; null for none. */
  callLimitSeconds?: number | null;
}

/** Stores the config; false when the id is taken (nothing is written then). */
export async function insertEmbedConfig(db: Queryable, config: NewEmbedConfig): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO embed_configs (id, clone_id, instance_id, allowed_origins, whitelabel, mode, colours, call_limit_seconds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      config.id,
      config.cloneId,
      config.instanceId,
      JSON.stringify(config.allowedOrigins),
      JSON.stringify(config.whitelabel),
      JSON.stringify(config.mode),
      JSON.stringify(config.colours),
      config.callLimitSeconds ?? null,
    ],
  );
  return rows.length === 1;
}

export async function findEmbedConfig(db: Queryable, id: string): Promise<EmbedConfigRow | null> {
  const rows = await db.query(`${SELECT} WHERE e.id = $1`, [id]);
  return rows[0] ? EmbedConfigRow.parse(rows[0]) : null;
}

/** The clone's configs, oldest first. */
export async function listEmbedConfigs(db: Queryable, cloneId: string): Promise<EmbedConfigRow[]> {
  const rows = await db.query(`${SELECT} WHERE e.clone_id = $1 ORDER BY e.created_at, e.id`, [cloneId]);
  return z.array(EmbedConfigRow).parse(rows);
}

/** False when there was no such config. */
export async function deleteEmbedConfig(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM embed_configs WHERE id = $1 RETURNING id', [id]);
  return rows.length === 1;
}
