/**
 * Which unique index a PostgreSQL unique violation hit (driver error bare or wrapped by Drizzle), else null. For
 * services that turn a lost insert race into the right error ("name taken", "already redeemed").
 */
export function uniqueViolationOf(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const m = typeof message === 'string' ? /"([^"]+)"/.exec(message) : null;
      return m?.[1] ?? '';
    }
  }
  return null;
}
