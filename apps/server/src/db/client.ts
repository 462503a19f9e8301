import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, EXTENSIONS_SQL, MIGRATIONS_DIR } from './database';
import { namedStatementsOnPglite } from './prepared';

// the shared types stay importable from here, where every repository has always taken them
export type { Database, Db, DbOrTx, Tx } from './database';

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The types Drizzle's PGlite driver reads as text (its own parsers on every query: timestamps, dates, intervals,
 * numeric and their arrays; Drizzle maps them itself).
 */
const DRIZZLE_TEXT_TYPES = new Set([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const leanClients = new WeakSet<PGlite>();

/**
 * Drizzle hands PGlite those parsers with every query, and PGlite then copies its whole table of ~320 type parsers
 * into a new object for that one query (0.14 ms, more than reading a row by its key: see
 * docs/perf.md "Session guard"). The same text parsers go into the instance's table once instead, and a query whose
 * parsers are only those runs without them: the rows are the same, the copy is gone. Idempotent per instance.
 */
export function withoutPerQueryParsers(client: PGlite): PGlite {
  if (leanClients.has(client)) return client;
  leanClients.add(client);
  for (const t of DRIZZLE_TEXT_TYPES) client.parsers[t] = asText;
  const checked = new WeakMap<object, boolean>();
  const onlyDrizzles = (parsers: object) => {
    let known = checked.get(parsers);
    if (known === undefined) {
      known = Object.keys(parsers).every((k) => DRIZZLE_TEXT_TYPES.has(Number(k)));
      checked.set(parsers, known);
    }
    return known;
  };
  const lean = (options?: QueryOptions) =>
    options?.parsers && onlyDrizzles(options.parsers) ? { ...options, parsers: undefined } : options;
  const query = client.query.bind(client);
  client.query = ((q: string, params?: unknown[], options?: QueryOptions) => query(q, params, lean(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((q: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(q, params, lean(options))) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
  return client;
}

/** PGlite over an existing instance (tests hand in one loaded from a migrated snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(withoutPerQueryParsers(client)) as unknown as Db;
  // Drizzle's named prepared queries are prepared by PGlite too (see namedStatementsOnPglite).
  namedStatementsOnPglite(db, client);
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

const MB = 1024 * 1024;
/** The smallest and the largest pool `auto` picks (the largest is PostgreSQL's own default). */
export const AUTO_SHARED_BUFFERS_MB = { min: 16, max: 128 } as const;
/** The files `auto` leaves to the OS file cache: the template databases, the catalogs and a demo's worth of data. */
export const AUTO_SHARED_BUFFERS_BASE_MB = 64;

/** Bytes of the relation files under a PGlite data dir's `base/` (0 for a new data dir). */
export function relationFilesBytes(pgDataDir: string): number {
  const base = path.join(pgDataDir, 'base');
  if (!fs.existsSync(base)) return 0;
  let bytes = 0;
  for (const db of fs.readdirSync(base, { withFileTypes: true })) {
    if (!db.isDirectory()) continue;
    const dir = path.join(base, db.name);
    for (const f of fs.readdirSync(dir)) bytes += fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.size ?? 0;
  }
  return bytes;
}

/**
 * PGlite's shared buffers for `auto` (the default): what the relation files hold beyond their first 64 MB, between
 * 16 MB and 128 MB. A demo-sized database keeps the 16 MB pool (its pages are cheap to read again through the OS
 * cache, and the pool is resident from the start: the idle-memory budget); a catalogue that
 * outgrows it gets a pool that holds its hot pages. With 16 MB, 100,000 projects made every market list re-read
 * heap pages through Node (a quarter of the server's CPU in `read`: docs/decisions/0017-pglite-shared-buffers-auto.md).
 */
export function autoSharedBuffers(relationBytes: number): string {
  const { min, max } = AUTO_SHARED_BUFFERS_MB;
  const mb = Math.ceil(relationBytes / MB) - AUTO_SHARED_BUFFERS_BASE_MB;
  return `${Math.min(max, Math.max(min, mb))}MB`;
}

const INITDB_ENTRY = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));

/**
 * Creates a new PGlite data dir in a child process (`pglite-initdb.mjs`) before this process opens it. PGlite runs
 * initdb in a second Postgres instance of the same process; done in the server, that busy work (V8 optimising
 * Postgres's functions for it, the instance's buffers) left ~25 MiB of freed C heap that glibc never handed back
 * until the next restart (docs/perf.md, "Memory"). In a child it ends with the child, and the server opens the dir as
 * it does on a restart. Costs about 3 s on a first start only (another Node process that loads PGlite and starts
 * Postgres once more). A dir that already holds a database is left alone.
 */
export async function initPgliteDataDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  fs.mkdirSync(dir, { recursive: true });
  // execArgv is not passed on: the entry is plain ESM, whatever loaders (tsx, vitest) this process runs under.
  await promisify(execFile)(process.execPath, [INITDB_ENTRY, dir], { maxBuffer: 16 * MB });
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite persisted under dataDir/db. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite's shared buffers (PostgreSQL's default 128MB otherwise): they live in this process's memory. `auto`
   * sizes them from the database's files at start (`autoSharedBuffers`).
   */
  pgliteSharedBuffers?: string;
}): Promise<Database> {
  // node-postgres and its Drizzle driver load only for PostgreSQL: the embedded database never needs them (memory).
  if (opts.databaseUrl) return (await import('./postgres')).postgresDatabase(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  await initPgliteDataDir(dir);
  const buffers = opts.pgliteSharedBuffers === 'auto' ? autoSharedBuffers(relationFilesBytes(dir)) : opts.pgliteSharedBuffers;
  const startParams = buffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffers}`] : undefined;
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams });
  return pgliteDatabase(client);
}
