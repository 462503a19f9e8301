import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoSharedBuffers, openDatabase, pgliteDatabase, relationFilesBytes, withoutPerQueryParsers } from './client';
import { executeLiteral } from './prepared';

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  amounts: numeric('amounts').array().notNull(),
  n: integer('n').notNull(),
});

/** The two rows both suites read (a timestamp with milliseconds, a numeric array, an empty array). */
const THINGS = `create table things (id serial primary key, at timestamptz not null, amounts numeric[] not null, n integer not null);
  insert into things (at, amounts, n) values ('2026-11-26T10:00:00.123Z', '{1.5,2}', 7), ('2026-01-01T00:00:00Z', '{}', 8);`;

describe('withoutPerQueryParsers (the PGlite client Drizzle reads through)', () => {
  let plain: PGlite;
  let lean: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    lean = withoutPerQueryParsers(await PGlite.create());
    for (const c of [plain, lean]) {
      await c.exec(THINGS);
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
    // a direct query of a timestamp reads text, as Drizzle's own parsers do
    const direct = await lean.query<{ at: unknown }>('select at from things order by id limit 1');
    expect(typeof direct.rows[0]?.at).toBe('string');
  });
});

describe('named prepared queries on PGlite (namedStatementsOnPglite)', () => {
  let plain: PGlite;
  let named: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    named = await PGlite.create();
    for (const c of [plain, named]) {
      await c.exec(THINGS);
    }
  });
  afterAll(async () => {
    await plain.close();
    await named.close();
  });
  const statementsOf = async (c: PGlite) =>
    (await c.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  it('prepares a named query once and answers the same rows as an unnamed one (types, nulls, quotes, arrays)', async () => {
    const read = async (c: PGlite, name: string) => {
      const { db } = pgliteDatabase(c);
      const q = db
        .select({
          id: things.id,
          at: things.at,
          amounts: things.amounts,
          n: things.n,
          label: sql<string | null>`case when ${things.n} = ${sql.placeholder('n')} then ${sql.placeholder('label')} end`,
          hit: sql<boolean>`${things.id} = any(${sql.placeholder('ids')}::int[])`,
          words: sql<string[]>`${sql.placeholder('words')}::text[]`,
          meta: sql<unknown>`json_build_object('n', ${things.n})`,
        })
        .from(things)
        .where(sql`${things.n} >= ${sql.placeholder('min')}`)
        .orderBy(things.id)
        .prepare(name);
      const params = { n: 7, label: `it's "x" \\ y`, ids: [1], words: ['a b', 'q"u\\o', 'ünï'], min: 0 };
      return [await q.execute(params), await q.execute({ ...params, min: 8, label: null })];
    };
    const expected = await read(plain, '');
    expect(await statementsOf(named)).toEqual([]);
    expect(await read(named, 'things_test')).toEqual(expected);
    expect(await statementsOf(named)).toEqual(['things_test']);
    expect(expected[0]?.[0]).toMatchObject({ at: new Date('2026-11-26T10:00:00.123Z'), amounts: ['1.5', '2'], hit: true });
    expect(expected[0]?.[0]?.label).toBe(`it's "x" \\ y`);
    expect(expected[0]?.[0]?.words).toEqual(['a b', 'q"u\\o', 'ünï']);
    expect(expected[1]).toHaveLength(1);
  });

  it('prepares again after a DEALLOCATE and goes the ordinary way where it cannot prepare', async () => {
    const { db } = pgliteDatabase(named);
    const q = db
      .select({ n: things.n })
      .from(things)
      .where(sql`${things.id} = ${sql.placeholder('id')}`)
      .prepare('things_one');
    expect(await q.execute({ id: 2 })).toEqual([{ n: 8 }]);
    await named.exec('deallocate all');
    expect(await q.execute({ id: 1 })).toEqual([{ n: 7 }]);
    expect(await statementsOf(named)).toEqual(['things_one']);
    // a parameter whose type PostgreSQL cannot infer: PREPARE fails, the query still answers
    const untyped = db
      .select({ v: sql<string>`${sql.placeholder('v')}` })
      .from(things)
      .limit(1)
      .prepare('things_untyped');
    expect(await untyped.execute({ v: 'x' })).toEqual([{ v: 'x' }]);
    // the same name with another text: not mixed up
    const other = db
      .select({ id: things.id })
      .from(things)
      .where(sql`${things.n} = ${sql.placeholder('n')}`)
      .prepare('things_one');
    expect(await other.execute({ n: 8 })).toEqual([{ id: 2 }]);
  });

  it('has a literal only for what it can write safely', () => {
    expect(executeLiteral(null)).toBe('null');
    expect(executeLiteral(12)).toBe("'12'");
    expect(executeLiteral("a'b")).toBe("'a''b'");
    expect(executeLiteral([1, null, 'x"y'])).toBe(`'{1,NULL,"x\\"y"}'`);
    expect(executeLiteral('a\0b')).toBeUndefined();
    expect(executeLiteral(Number.NaN)).toBeUndefined();
    expect(executeLiteral(new Date(0))).toBeUndefined();
    expect(executeLiteral([{}])).toBeUndefined();
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

describe('openDatabase on a new PGlite data dir', () => {
  it('creates a new data dir, opens it, and opens it again as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-initdb-'));
    const version = path.join(dataDir, 'db', 'PG_VERSION');
    try {
      const first = await openDatabase({ dataDir });
      expect(fs.readFileSync(version, 'utf8').trim()).toMatch(/^\d+$/);
      const { db } = first;
      await db.execute(sql`create table kept (n integer)`);
      await db.execute(sql`insert into kept values (42)`);
      await first.close();
      const written = fs.statSync(version).mtimeMs;

      const again = await openDatabase({ dataDir });
      const kept = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: unknown[] };
      expect(kept.rows).toEqual([{ n: 42 }]);
      await again.close();
      expect(fs.statSync(version).mtimeMs).toBe(written);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
