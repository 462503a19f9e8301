/**
 * `npm run usdz:backfill`: makes the AR Quick Look USDZ of every ready 3D model processed before the pipeline made
 * one (see usdz-backfill.ts). Uses the server's configuration (DATA_DIR, DATABASE_URL, S3_*); with the embedded
 * database (PGlite) stop the server first: one process opens it at a time. Safe to run again.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { configuredStorage } from '../../lib/storage';
import { backfillUsdz } from './usdz-backfill';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const storage = configuredStorage(config);
try {
  const report = await backfillUsdz({ db: database.db, storage }, { onModel: (id) => console.log(`asset #${id}`) });
  for (const f of report.failed) console.log(`  failed #${f.id}: ${f.message}`);
  console.log(`${report.made.length} USDZ made, ${report.failed.length} failed.`);
  process.exitCode = report.failed.length > 0 && report.made.length === 0 ? 1 : 0;
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
