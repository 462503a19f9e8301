import type { DbOrTx } from './client';

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
