import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/*
 * What both database backends share (PGlite in client.ts, PostgreSQL in postgres.ts, loaded by client.ts only when
 * DATABASE_URL is set): the types repositories receive, where the migrations are and the extensions they need. A file
 * of its own, so postgres.ts and prepared.ts do not import client.ts back.
 */

/** The Drizzle database every repository receives: PGlite or node-postgres behind one type. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');
/** Extensions the schema needs, created before the migrations run (pg_trgm is a trusted extension). */
export const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';
