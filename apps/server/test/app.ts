import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, PGLITE_EXTENSIONS, pgliteDatabase } from '../src/db/client';
import { postgresDatabase } from '../src/db/postgres';
import { adminUrl } from './pg';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite loaded from the migrated snapshot, or, when the run has
 * DATABASE_URL, a PostgreSQL database cloned from the migrated template (dropped again on close).
 */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `xr_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = postgresDatabase(adminUrl(url), 1);
    await admin.db.execute(sql.raw(`create database ${name} template ${template}`));
    const database = postgresDatabase(adminUrl(url, name), 10);
    return {
      database,
      drop: async () => {
        await database.close();
        // pool.end() resolves before the server has seen every connection close; a forced drop would then
        // terminate them, and each would surface as an unhandled 57P01 error in the test run. Wait for them.
        for (let i = 0; i < 100; i++) {
          const r = await admin.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = ${name}`);
          if (Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      },
    };
  }
  const blob = new Blob([await fs.readFile(inject('pgliteSnapshot'))]);
  const client = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  const database = pgliteDatabase(client);
  return { database, drop: () => database.close() };
}

const testApps = new WeakMap<FastifyInstance, TestApp>();

/** The test app (database, config) an app instance of `createTestApp` belongs to. */
export function testAppOf(app: FastifyInstance): TestApp {
  const t = testApps.get(app);
  if (!t) throw new Error('not an app of createTestApp');
  return t;
}

/**
 * Builds the real app on a fresh database with a throw-away DATA_DIR. `env` overrides configuration; `own.database`
 * runs it on a database the test made itself (e.g. a cluster it restarts), closed with the app.
 */
export async function createTestApp(env: Record<string, string> = {}, own: { database?: Database } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    // No generated demo media unless a test asks for it (it renders panoramas in the background).
    SEED_MEDIA_WIDTH: '0',
    AUTH_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = own.database
    ? { database: own.database, drop: () => (own.database as Database).close() }
    : await freshDatabase();
  const app = await buildApp(config, { database, logger: false });
  const t: TestApp = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  testApps.set(app, t);
  return t;
}
