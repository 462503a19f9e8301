import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from './ports';

/*
 * A PostgreSQL or Redis server of one test's own, in a temporary directory on a free port, that the test may stop,
 * start and restart without disturbing any other test (fault tests: a database or Redis restart under load).
 */

const run = promisify(execFile);
const onCi = /^(1|true)$/i.test(process.env.CI ?? '');

/** The directory holding initdb, pg_ctl and postgres (the newest installed major version), or null. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** The redis-server executable on PATH, or null. */
function redisServerPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = dir && path.join(dir, 'redis-server');
    if (p && fs.existsSync(p)) return p;
  }
  return null;
}

/**
 * Whether this machine can run the servers a fault test starts itself. Off CI the test is skipped with a warning when
 * one is missing; on CI (`CI=true`) this throws, so a missing binary fails the run instead of skipping it silently.
 */
export function localServersAvailable(which: { postgres?: boolean; redis?: boolean }): boolean {
  const missing: string[] = [];
  if (which.postgres && !postgresBinDir()) missing.push('PostgreSQL (initdb, pg_ctl)');
  if (which.redis && !redisServerPath()) missing.push('redis-server');
  if (missing.length === 0) return true;
  const message = `${missing.join(' and ')} not installed: the fault tests that start their own servers need them`;
  if (onCi) throw new Error(`${message}; CI=true requires them`);
  console.warn(`${message}; skipped`);
  return false;
}

/** initdb refuses to run as root: as root the cluster belongs to the `postgres` account (or `nobody`). */
async function clusterOwner(): Promise<{ uid: number; gid: number; name: string } | null> {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const { stdout } = await run('id', ['-u', name]);
      const { stdout: g } = await run('id', ['-g', name]);
      return { uid: Number(stdout.trim()), gid: Number(g.trim()), name };
    } catch {
      // try the next account
    }
  }
  throw new Error('running as root and no postgres or nobody account to own a test cluster');
}

/** A throw-away service of one test: its address, and start/stop to restart it under the code being tested. */
export interface LocalService {
  /** postgres://… of the cluster's `postgres` database, or redis://… */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Stops it as a real restart would (PostgreSQL: a fast shutdown, open sessions terminated with 57P01). */
  stop(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

export type LocalPostgres = LocalService;

/** Initialises and starts a throw-away PostgreSQL cluster (fsync off: nothing in it outlives the test). */
export async function startLocalPostgres(): Promise<LocalPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const owner = await clusterOwner();
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'xr-fault-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (owner) await fsp.chown(root, owner.uid, owner.gid);
  const as = async (cmd: string, args: string[]) => {
    const file = path.join(bin, cmd);
    return owner ? run('runuser', ['-u', owner.name, '--', file, ...args]) : run(file, args);
  };
  await as('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${root}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const start = async () => {
    await as('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
}

/** Whether the cluster at `url` answers a query now. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A restarted Redis is empty (no persistence), as a restarted cache without a disk is. */
export type LocalRedis = LocalService;

/** Starts a throw-away redis-server on a free port (no persistence). */
export async function startLocalRedis(): Promise<LocalRedis> {
  const exe = redisServerPath();
  if (!exe) throw new Error('redis-server not found');
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'xr-fault-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const c = spawn(
      exe,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', root, '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    child = c;
    for (let i = 0; i < 200; i++) {
      if (c.exitCode !== null) throw new Error(`redis-server exited with ${c.exitCode}`);
      const probe = new Redis(url, {
        lazyConnect: true,
        connectTimeout: 500,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        // not listening yet
      } finally {
        probe.disconnect();
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('redis-server did not answer within 5 s');
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    port,
    start,
    stop,
    destroy: async () => {
      await stop();
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
}
