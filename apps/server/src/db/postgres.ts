import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type Db, EXTENSIONS_SQL, MIGRATIONS_DIR } from './database';

/** PostgreSQL through a node-postgres pool. */
export function postgresDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max });
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
