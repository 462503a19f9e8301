import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

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
export const PGLITE_EXTENSIONS = { pg_trgm };
/** Extensions the schema needs, created before the migrations run (pg_trgm is a trusted extension). */
export const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';

/** PGlite over an existing instance (tests hand in one loaded from a migrated snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await client.exec(EXTENSIONS_SQL);
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite persisted under dataDir/db. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite's shared buffers (PostgreSQL's default 128MB otherwise): they live in this process's memory. */
  pgliteSharedBuffers?: string;
}): Promise<Database> {
  // node-postgres and its Drizzle driver load only for PostgreSQL: the embedded database never needs them (memory).
  if (opts.databaseUrl) return (await import('./postgres')).postgresDatabase(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const startParams = opts.pgliteSharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.pgliteSharedBuffers}`]
    : undefined;
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams });
  return pgliteDatabase(client);
}
