import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { laneCount } from './lanes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One ordinary server per lane (see `E2E_LANES`): a journey file talks to its own lane's server only. */
    baseUrls: string[];
    strictUrl: string;
  }
}

const root = path.resolve(__dirname, '..');
/** Servers being stopped by the teardown (their exit is expected). */
const stopping = new WeakSet<ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The shared corpus of CC0 asset packs (Kenney, Quaternius), outside the repository. */
const CC0_PACKS = path.resolve(root, '../shared/corpus/cc0-models');

async function startServer(name: string, env: Record<string, string>): Promise<{ url: string; proc: ChildProcess; dir: string }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `xr-e2e-${name}-`));
  const log = fs.createWriteStream(path.join(root, 'e2e/artifacts', `server-${name}.log`));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // a deployment-shaped start: own secrets, and the sandbox gateway asked for explicitly
      FILE_URL_SECRET: 'e2e-file-url-secret-0123456789',
      SANDBOX_PAYMENT_SECRET: 'e2e-sandbox-secret-0123456789',
      PAYMENT_SANDBOX_ALLOWED: '1',
      // the demo catalogue's generated content, smaller than the default 4096 px so it is ready early in the run
      SEED_MEDIA_WIDTH: '512',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.pipe(log);
  proc.stderr?.pipe(log);
  // A server that dies mid-run says how (exit code or signal) in its log and on the console, so the failures after it
  // are not mistaken for the journeys' own.
  proc.on('exit', (code, signal) => {
    const line = `server ${name} exited: code ${code} signal ${signal}`;
    log.write(`\n${line}\n`);
    if (!stopping.has(proc)) console.error(line);
  });
  const url = `http://127.0.0.1:${port}`;
  // ~10 s on a quiet machine (first start: migrations and demo data); minutes on a loaded 2-core CI box.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server ${name} exited early; see e2e/artifacts/server-${name}.log`);
    try {
      // Ready, not only alive: the journeys need its database, storage and mail.
      const r = await fetch(`${url}/api/ready`);
      if (r.ok) return { url, proc, dir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stopping.add(proc);
  proc.kill('SIGKILL');
  throw new Error(`server ${name} did not start in time; see e2e/artifacts/server-${name}.log`);
}

type Started = Awaited<ReturnType<typeof startServer>>;

/** Starts the real server once per lane on fresh embedded databases, plus one with strict rate limits. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first (npm run build)');
  fs.mkdirSync(path.join(root, 'e2e/artifacts/screenshots'), { recursive: true });
  const lanes = laneCount();
  // All start at once; when one fails, the others are stopped too (no server left running after the run).
  const starts: Promise<Started>[] = [];
  for (let lane = 1; lane <= lanes; lane++) {
    // Live streaming's RTMP ingest: a free port per lane server (the live journey pushes to it), none for strict.
    const rtmpPort = await freePort();
    starts.push(
      startServer(lane === 1 ? 'main' : `main-${lane}`, {
        AUTH_RATE_LIMIT: '1000',
        API_RATE_LIMIT: '100000',
        LIVE_RTMP_PORT: String(rtmpPort),
        LIVE_RTMP_HOST: '127.0.0.1',
        // the live journey waits out one grace window after its publisher drops for good: 15 s instead of 30
        LIVE_RECONNECT_GRACE_SECONDS: '15',
        // The 3,390 generated library models are built when first asked for (what the journeys and the demo scenes
        // use), not all in the background: that build kept a core busy for the whole run.
        LIBRARY_PREBUILD: '0',
        // the shared CC0 packs, which the library-packs journey imports through the admin route (absent: it skips)
        LIBRARY_IMPORT_DIR: fs.existsSync(CC0_PACKS) ? CC0_PACKS : '',
      }),
    );
  }
  // only the 429 test uses it: no demo media or library prebuild competing with the lane servers for the cores
  starts.push(
    startServer('strict', {
      AUTH_RATE_LIMIT: '3',
      API_RATE_LIMIT: '100000',
      SEED_MEDIA_WIDTH: '0',
      LIBRARY_PREBUILD: '0',
      LIVE_RTMP_PORT: '0',
    }),
  );
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) {
    for (const r of settled) {
      if (r.status !== 'fulfilled') continue;
      stopping.add(r.value.proc);
      r.value.proc.kill('SIGTERM');
    }
    throw failed.reason;
  }
  const servers = settled.map((r) => (r as PromiseFulfilledResult<Started>).value);
  const strict = servers[servers.length - 1] as Started;
  project.provide(
    'baseUrls',
    servers.slice(0, -1).map((s) => s.url),
  );
  project.provide('strictUrl', strict.url);
  return async () => {
    for (const s of servers) {
      stopping.add(s.proc);
      s.proc.kill('SIGTERM');
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  };
}
