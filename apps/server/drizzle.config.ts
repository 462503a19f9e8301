import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the job queue's table sits beside the queue (lib/jobs.ts), which is not a module
  schema: ['./src/modules/*/*.table.ts', './src/lib/jobs.table.ts'],
  out: './src/db/migrations',
});
