/** Name of the migrated template database the PostgreSQL run clones per test file. */
export const TEMPLATE_DB = `xr_test_tpl_${process.pid}`;

/** The DATABASE_URL with another database name. */
export function adminUrl(url: string, database?: string): string {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}
