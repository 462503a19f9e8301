// Creates a new PGlite data dir (initdb) and exits: `node pglite-initdb.mjs <dir>`. `openDatabase` runs it in a
// child process so that what initdb leaves behind (a second Postgres instance's WebAssembly memory, the data dir's
// copy, ~30 MiB of freed but unreturned C heap) ends with the child instead of staying in the server's memory.
// Plain ESM, so it runs under whatever started the server (compiled, tsx, vitest).
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node pglite-initdb.mjs <data dir>');
const db = await PGlite.create(dir);
await db.close();
