/**
 * A server-like process for the job crash test (lib/job-crash.test.ts): opens the embedded database under
 * DATA_DIR, runs the real job queue and prints what happens as JSON lines.
 *   hang   - queues a job, starts it (scratch file, 35 %) and never finishes: the test kills it with SIGKILL.
 *   finish - picks the job up again and completes it, then prints the job row and exits.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { createJobQueue } from '../src/lib/jobs';

const [dataDir, mode] = process.argv.slice(2) as [string, 'hang' | 'finish'];
const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const database = await openDatabase({ dataDir });
await database.migrate();
const queue = createJobQueue({ db: database.db, pollMs: 50, reapMs: 200, scratchRoot: path.join(dataDir, 'tmp', 'jobs') });

queue.register('crash-test', async (ctx) => {
  if (mode === 'hang') {
    const dir = await ctx.scratchDir();
    await fs.writeFile(path.join(dir, 'partial.bin'), Buffer.alloc(1024 * 1024));
    await ctx.progress(35);
    say({ event: 'running', id: ctx.id, dir, pid: process.pid });
    await new Promise(() => undefined);
  }
  say({ event: 'picked', id: ctx.id, attempt: ctx.attempt, at: Date.now() });
  return { ok: true };
});

if (mode === 'hang') await queue.enqueue('crash-test', {});
say({ event: 'starting', at: Date.now() });
await queue.start();

if (mode === 'finish') {
  for (;;) {
    const [row] = (await queue.byIds([1])) ?? [];
    if (row && (row.status === 'done' || row.status === 'failed')) {
      // Let the attempt's own clean-up finish before reporting.
      await new Promise((r) => setTimeout(r, 200));
      say({ event: 'finished', status: row.status, attempts: row.attempts, progress: row.progress });
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await queue.stop();
  await database.close();
  process.exit(0);
}
