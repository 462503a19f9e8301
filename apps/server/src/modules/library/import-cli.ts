/**
 * `npm run library:import <folder or zip>`: adds every FBX / OBJ (or zip) / 3DS / DAE / glTF / GLB file of asset packs
 * (a folder with a licence file, or its zip) to the model library through the asset pipeline, with thumbnails, credits
 * and variant groups (see library.import.ts). Uses the same configuration as the server (DATA_DIR,
 * DATABASE_URL, S3_*). With the embedded database (PGlite) stop the server first: one process opens it at a time.
 */
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createJobQueue } from '../../lib/jobs';
import { createPipelinePool } from '../../lib/pipeline/pool';
import { configuredStorage } from '../../lib/storage';
import { importFolder } from './library.import';
import { createLibraryService } from './library.service';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run library:import <folder or pack zip>');
  process.exit(2);
}
// npm runs scripts from the repository root; a relative folder means the one the command was typed in.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const storage = configuredStorage(config);
const pipeline = createPipelinePool({ workers: config.pipeline.workers, memoryMb: config.pipeline.workerMemoryMb });
const tmpDir = path.join(config.dataDir, 'tmp');
const library = createLibraryService({
  db: database.db,
  storage,
  pipeline,
  jobs: createJobQueue({ db: database.db }),
  tmpDir,
  cacheMs: 0,
});
try {
  const report = await importFolder({
    folder: target,
    library,
    pipeline,
    tmpDir,
    onFile: (file, i, total) => console.log(`[${i + 1}/${total}] ${file}`),
  });
  for (const a of report.added) console.log(`  added    #${a.id} ${a.name} (${a.file})`);
  for (const s of report.skipped) console.log(`  skipped  #${s.id} already in the library (${s.file})`);
  for (const f of report.failed) console.log(`  failed   ${f.file}: ${f.reason}: ${f.message}`);
  console.log(`${report.added.length} added, ${report.skipped.length} already there, ${report.failed.length} failed.`);
  process.exitCode = report.failed.length > 0 && report.added.length + report.skipped.length === 0 ? 1 : 0;
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await pipeline.destroy();
  await database.close();
}
