import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type Db, EXTENSIONS_SQL, MIGRATIONS_DIR } from './database';

/** PostgreSQL through a node-postgres pool. */
export function postgresDatabase(url: string, max = 20): Database {
  // A server that does not answer at all (host gone, packets dropped) fails a checkout after 10 s instead of the OS's
  // TCP timeout of minutes, so requests get their 503 while it is away instead of piling up.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // When the server restarts, every connection it ends emits an error event: on the pool for an idle connection, on
  // the connection itself for one checked out between two queries (a transaction). Without listeners these throw as
  // uncaught exceptions and end the process. The query in flight, if any, fails with the same error and answers 503
  // (db/unavailable.ts); the broken connection is dropped on release and the pool opens new ones once the server is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // An advisory lock keeps two instances starting together from migrating at once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await client.query(EXTENSIONS_SQL);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
