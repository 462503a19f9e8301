import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoSharedBuffers, relationFilesBytes, withoutPerQueryParsers } from './client';

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  amounts: numeric('amounts').array().notNull(),
  n: integer('n').notNull(),
});

describe('withoutPerQueryParsers (the PGlite client Drizzle reads through)', () => {
  let plain: PGlite;
  let lean: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    lean = withoutPerQueryParsers(await PGlite.create());
    for (const c of [plain, lean]) {
      await c.exec(
        `create table things (id serial primary key, at timestamptz not null, amounts numeric[] not null, n integer not null);
         insert into things (at, amounts, n) values ('2026-11-26T10:00:00.123Z', '{1.5,2}', 7), ('2026-01-01T00:00:00Z', '{}', 8);`,
      );
    }
  });
  afterAll(async () => {
    await plain.close();
    await lean.close();
  });

  it('gives Drizzle the same rows as the plain client, in plain queries, raw SQL and transactions', async () => {
    const read = async (c: PGlite) => {
      const db = drizzle(c);
      const rows = await db.select().from(things).orderBy(things.id);
      const raw = await db.execute(sql`select at, amounts, n, now() - at as age from things order by id`);
      const inTx = await db.transaction(async (tx) => {
        await tx.insert(things).values({ at: new Date('2026-05-05T05:05:05Z'), amounts: ['3'], n: 9 });
        return tx.select().from(things).where(sql`${things.n} = 9`);
      });
      await db.delete(things).where(sql`${things.n} = 9`);
      return { rows, raw: raw.rows.map((r) => ({ ...r, age: typeof r.age })), inTx: inTx.map(({ id, ...r }) => r) };
    };
    const a = await read(plain);
    const b = await read(lean);
    expect(b).toEqual(a);
    expect(b.rows[0]?.at).toEqual(new Date('2026-11-26T10:00:00.123Z'));
    expect(b.rows[0]?.amounts).toEqual(['1.5', '2']);
    expect(b.inTx[0]?.at).toEqual(new Date('2026-05-05T05:05:05Z'));
  });

  it('drops only Drizzle’s own parsers from a query (others still apply) and patches an instance once', async () => {
    const res = await lean.query<{ n: unknown }>('select n from things order by id', [], { parsers: { 23: (v) => `#${v}` } });
    expect(res.rows.map((r) => r.n)).toEqual(['#7', '#8']);
    const query = lean.query;
    expect(withoutPerQueryParsers(lean)).toBe(lean);
    expect(lean.query).toBe(query);
    // a direct query of a timestamp now reads text like Drizzle's own parsers did
    const direct = await lean.query<{ at: unknown }>('select at from things order by id limit 1');
    expect(typeof direct.rows[0]?.at).toBe('string');
  });
});

describe('autoSharedBuffers (PGLITE_SHARED_BUFFERS=auto)', () => {
  const MB = 1024 * 1024;
  it('keeps 16MB for a demo-sized database and grows with the files beyond 64 MB, up to 128MB', () => {
    expect(autoSharedBuffers(0)).toBe('16MB');
    expect(autoSharedBuffers(45 * MB)).toBe('16MB');
    expect(autoSharedBuffers(80 * MB)).toBe('16MB');
    expect(autoSharedBuffers(100 * MB + 1)).toBe('37MB');
    expect(autoSharedBuffers(192 * MB)).toBe('128MB');
    expect(autoSharedBuffers(4096 * MB)).toBe('128MB');
  });

  it('counts the relation files of every database under base/ (nothing for a new data dir)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-buffers-'));
    try {
      expect(relationFilesBytes(dir)).toBe(0);
      fs.mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'base', '1', '1259'), Buffer.alloc(8192));
      fs.writeFileSync(path.join(dir, 'base', '5', '16384'), Buffer.alloc(3 * 8192));
      fs.writeFileSync(path.join(dir, 'base', 'pgsql_tmp_file'), Buffer.alloc(100));
      fs.mkdirSync(path.join(dir, 'pg_wal'));
      fs.writeFileSync(path.join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(16384));
      expect(relationFilesBytes(dir)).toBe(4 * 8192);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
