import type { DbOrTx } from './database';

/**
 * A statement a hot read sends on every request, as fixed text with numbered parameters (PGlite keeps it prepared:
 * see `runStatement`). Its name is unique per database session: prefix it with the module (`forum_`, `users_`).
 */
export interface Statement {
  name: string;
  /** Its parameters' types for PREPARE ('' without parameters). */
  types: string;
  text: string;
}
export type Param = number | number[] | string;

/** A parameter as an SQL literal for EXECUTE (integers checked; strings quoted, NUL dropped: no text holds one). */
function literal(v: Param): string {
  if (Array.isArray(v)) return `'{${v.map((x) => literal(x)).join(',')}}'`;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`statement parameter is not an integer: ${v}`);
    return String(v);
  }
  return `'${v.replaceAll('\0', '').replaceAll("'", "''")}'`;
}

/** The raw clients under Drizzle: PGlite (has `exec`, one session) or a node-postgres pool. */
type RawClient = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  exec?: (text: string) => Promise<{ rows: Record<string, unknown>[] }[]>;
};
/** The statements prepared on each PGlite instance (its one session keeps them until it closes). */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();

/** The raw client of a Drizzle database, or undefined for a transaction handle (which has none of its own). */
export function rawClientOf(db: DbOrTx): RawClient | undefined {
  return (db as unknown as { $client?: RawClient }).$client;
}

/**
 * Runs one of the fixed statements of a hot read (the forum's search, thread list page, boards and read times; the
 * users module's forum cards). PGlite (WebAssembly, one query at a time) spent 0.7–3.7 ms planning the forum's search
 * statement for 0.5–4 ms of execution, and about half of a small query's 0.5 ms in planning and Drizzle's query
 * building, on every request: there each statement is PREPAREd once per instance and EXECUTEd with its generic plan
 * (`plan_cache_mode` set for that one statement only: SET LOCAL in the implicit transaction of a two-statement query,
 * which also ends it when the statement fails; a statement without parameters has only the generic plan and runs
 * alone). The search's generic plan is the same shape as its custom ones: the choice between its three plans is made
 * at run time by the one-time filters, not by the planner. PostgreSQL plans natively in a fraction of that and keeps
 * ordinary parameterised queries (a custom plan each time). The two are told apart by PGlite's `exec` (a
 * node-postgres pool has none). Outside any transaction only (`db`, never a transaction handle).
 */
export async function runStatement(db: DbOrTx, st: Statement, params: Param[] = []): Promise<Record<string, unknown>[]> {
  const client = rawClientOf(db);
  if (!client) throw new Error(`${st.name}: runStatement needs the database, not a transaction`);
  const exec = client.exec;
  if (typeof exec !== 'function') return (await client.query(st.text, params)).rows;
  const statements = preparedOn.get(client) ?? new Map<string, Promise<void>>();
  preparedOn.set(client, statements);
  const prepare = () => {
    let prepared = statements.get(st.name);
    if (!prepared) {
      prepared = client
        .query(`prepare ${st.name}${st.types ? `(${st.types})` : ''} as ${st.text}`)
        .then(() => undefined)
        .catch((err: { code?: string }) => {
          // 42P05: already prepared in this session (another repository over the same instance).
          if (err?.code !== '42P05') {
            statements.delete(st.name);
            throw err;
          }
        });
      statements.set(st.name, prepared);
    }
    return prepared;
  };
  const run = async () => {
    if (params.length === 0) return (await exec.call(client, `execute ${st.name}`))[0]?.rows ?? [];
    const args = `(${params.map(literal).join(', ')})`;
    return (await exec.call(client, `set local plan_cache_mode = force_generic_plan; execute ${st.name}${args}`))[1]?.rows ?? [];
  };
  await prepare();
  try {
    return await run();
  } catch (err) {
    // 26000: the statement is gone (a DEALLOCATE or DISCARD by someone else): prepare it again, once.
    if ((err as { code?: string })?.code !== '26000') throw err;
    statements.delete(st.name);
    await prepare();
    return run();
  }
}

/** The PGlite calls `namedStatementsOnPglite` needs (the instance under Drizzle, already lean: see client.ts). */
type PgliteLike = {
  query: (text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) => Promise<unknown>;
  exec: (text: string, options?: { rowMode?: 'array' | 'object' }) => Promise<unknown[]>;
};
type QueryConfig = { rowMode?: 'array' | 'object' } | undefined;

/**
 * A Drizzle parameter as an SQL literal for EXECUTE, or undefined when it has no safe literal form (the call then
 * goes the ordinary way). Quoted text, as the extended protocol sends parameters: PostgreSQL casts it to the
 * parameter's type exactly as it casts a bound text value. No NUL (a statement string ends there).
 */
export function executeLiteral(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v.includes('\0') ? undefined : `'${v.replaceAll("'", "''")}'`;
  if (typeof v === 'number') return Number.isFinite(v) ? `'${v}'` : undefined;
  if (typeof v === 'bigint') return `'${v}'`;
  if (typeof v === 'boolean') return v ? "'true'" : "'false'";
  if (Array.isArray(v)) {
    const body = arrayBody(v);
    return body === undefined ? undefined : executeLiteral(body);
  }
  return undefined;
}
/** PostgreSQL's text form of a (nested) array of numbers, strings and nulls. */
function arrayBody(items: unknown[]): string | undefined {
  const parts: string[] = [];
  for (const x of items) {
    if (x === null || x === undefined) parts.push('NULL');
    else if (typeof x === 'number' && Number.isFinite(x)) parts.push(String(x));
    else if (typeof x === 'string') parts.push(`"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
    else if (Array.isArray(x)) {
      const inner = arrayBody(x);
      if (inner === undefined) return undefined;
      parts.push(inner);
    } else return undefined;
  }
  return `{${parts.join(',')}}`;
}

/**
 * Drizzle's named prepared queries (`.prepare(name)`: the market's list, count and details, the session guard's
 * user row) run as PostgreSQL prepared statements on PGlite too. node-postgres already sends them by name to
 * PostgreSQL (parsed and planned once, then the plan cache: a generic plan once it is no worse than the custom
 * ones); Drizzle's PGlite driver ignores the name and sent the text as a new unnamed statement every time, so PGlite
 * parsed and planned each call again: measured on the 100k-project market, a details query took 1.9–2.2 ms that
 * way and 1.24 ms as EXECUTE of a prepared statement (the floor's hand-written query pays the same planning: the
 * product's part of the difference is then its own). Here the statement is PREPAREd once per instance under its
 * name and each call is `EXECUTE name(literals)` with PostgreSQL's default plan cache mode (as on PostgreSQL).
 * Rows come back through the same instance parsers in the same row mode. A call goes the ordinary way when a
 * parameter has no literal form (binary, objects, NUL), when the name was first prepared with another text, or when
 * the text cannot be prepared (e.g. a parameter whose type PostgreSQL cannot infer): the same rows, only unplanned.
 * Only the database's own session is changed: a transaction's queries run as before. Idempotent per database.
 */
export function namedStatementsOnPglite(db: object, client: PgliteLike): void {
  const session = (db as { session?: { prepareQuery?: (...args: unknown[]) => unknown } }).session;
  if (!session?.prepareQuery || namedSessions.has(session)) return;
  namedSessions.add(session);
  /** Per name: its text, and whether it is prepared (false: it cannot be). */
  const statements = new Map<string, { text: string; ready: Promise<boolean> }>();
  const prepare = (name: string, text: string): Promise<boolean> => {
    const known = statements.get(name);
    if (known) return known.text === text ? known.ready : Promise.resolve(false);
    const ready = client.query(`prepare "${name.replaceAll('"', '""')}" as ${text}`).then(
      () => true,
      (err: { code?: string }) => err?.code === '42P05', // already prepared by this session under this name
    );
    statements.set(name, { text, ready });
    return ready;
  };
  const run = async (name: string, text: string, params: unknown[], config: QueryConfig): Promise<unknown> => {
    const literals = params.map(executeLiteral);
    if (literals.some((l) => l === undefined) || !(await prepare(name, text))) return client.query(text, params, config);
    const statement = `execute "${name.replaceAll('"', '""')}"${literals.length ? `(${literals.join(', ')})` : ''}`;
    const once = async () => (await client.exec(statement, config ? { rowMode: config.rowMode } : undefined))[0];
    try {
      return await once();
    } catch (err) {
      // 26000: the statement is gone (a DEALLOCATE or DISCARD by someone else): prepare it again, once.
      if ((err as { code?: string })?.code !== '26000') throw err;
      statements.delete(name);
      if (!(await prepare(name, text))) return client.query(text, params, config);
      return once();
    }
  };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args) as { client?: unknown; queryString?: string };
    const name = args[2];
    if (typeof name !== 'string' || !name || typeof prepared.queryString !== 'string') return prepared;
    const text = prepared.queryString;
    prepared.client = {
      query: (_text: string, params: unknown[] = [], config?: QueryConfig) => run(name, text, params, config),
    };
    return prepared;
  };
}
const namedSessions = new WeakSet<object>();
