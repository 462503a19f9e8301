/** Socket errors of a database connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is not there for now: shutting down (57P01 admin, 57P02 crash), starting up or in
 * recovery (57P03), out of connection slots (53300), and the connection exceptions (class 08).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own errors for a connection that ended under a query, or a pool that could not get one in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection terminated due to connection timeout/,
];

/**
 * Whether an error (bare from node-postgres or wrapped by Drizzle) says the database cannot be reached right now,
 * rather than that the query was wrong: the request may succeed once the database is back (503, not 500).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    // An AggregateError (a connection tried on several addresses) carries the socket errors in `errors`.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
