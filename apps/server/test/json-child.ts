import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export type ChildEvent = Record<string, unknown>;

/** Processes started by `startJsonChild`, so a test file's afterAll can kill what is still running. */
export const jsonChildren: ChildProcess[] = [];

/**
 * Runs one of the crash tests' child scripts (`test/<script>`, from the server workspace, with tsx) and collects
 * the JSON objects it prints one per line. `until` resolves once the events so far satisfy `done` (rejects when the
 * child exits first, or after `timeoutMs`); `next` waits for the first event named `event`.
 */
export function startJsonChild(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', `test/${script}`, ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  jsonChildren.push(child);
  const events: ChildEvent[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('{')) events.push(JSON.parse(line) as ChildEvent);
    }
    for (const w of waiters) w();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const until = (done: (events: ChildEvent[]) => boolean, what = 'the awaited events', timeoutMs = 390_000) =>
    new Promise<ChildEvent[]>((resolve, reject) => {
      const finish = (error?: Error) => {
        waiters.delete(check);
        clearTimeout(timer);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(events);
      };
      const check = () => {
        if (done(events)) finish();
      };
      const onExit = (code: number | null) =>
        done(events) ? finish() : finish(new Error(`no ${what} from ${script} ${args.join(' ')}: exited ${code}: ${errors}`));
      const timer = setTimeout(() => finish(new Error(`no ${what} from ${script} ${args.join(' ')}: ${errors}`)), timeoutMs);
      waiters.add(check);
      child.once('exit', onExit);
      check();
    });
  const next = async (event: string, timeoutMs = 90_000) =>
    (await until((ev) => ev.some((e) => e.event === event), event, timeoutMs)).find((e) => e.event === event) as ChildEvent;
  return { child, events, until, next };
}
