import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../src/db/client';
import { postgresDatabase } from '../src/db/postgres';
import { adminUrl, TEMPLATE_DB as TEMPLATE_PREFIX } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite data-dir snapshot every test file loads (~0.5 s instead of ~2 s for a fresh
 * migrate), and, when DATABASE_URL is set, a PostgreSQL template database each file clones.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-test-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await pgliteDatabase(client).migrate();
  const blob = await client.dumpDataDir('none');
  const file = path.join(dir, 'snapshot.tar');
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', file);

  let template: string | null = null;
  if (process.env.DATABASE_URL) {
    // one template per project of the run (the server's files run in two projects, each with this setup)
    const name = `${TEMPLATE_PREFIX}_${project.name.replace(/\W+/g, '_')}`;
    const admin = postgresDatabase(adminUrl(process.env.DATABASE_URL), 2);
    const { sql } = await import('drizzle-orm');
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const tpl = postgresDatabase(adminUrl(process.env.DATABASE_URL, name), 2);
    await tpl.migrate();
    await tpl.close();
    template = name;
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (template && process.env.DATABASE_URL) {
      const admin = postgresDatabase(adminUrl(process.env.DATABASE_URL), 1);
      const { sql } = await import('drizzle-orm');
      await admin.db.execute(sql.raw(`drop database if exists ${template} with (force)`)).catch(() => undefined);
      await admin.close();
    }
  };
}
