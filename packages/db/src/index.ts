export type { Db, Queryable } from './db';
export type { MigrateOptions, Migration } from './migrate';
export { loadMigrations, migrate, migrationsDir } from './migrate';
export type { OpenDbOptions } from './open-db';
export { openDb } from './open-db';
