export type { Db, Queryable, QueryOptions } from './db';
export { planMode } from './db';
export type { MigrateOptions, Migration } from './migrate';
export { loadMigrations, migrate, migrationsDir } from './migrate';
export type { OpenDbOptions } from './open-db';
export { openDb } from './open-db';
export { behindRequests, currentPriority, GIVE_WAY_MS, queryPriority, URGENT } from './query-priority';
export { isTransientDatabaseError } from './transient-error';
