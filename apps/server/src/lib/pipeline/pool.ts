import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { GeneratedMedia, GenerateTask } from '@xr/demo-content/panorama/generate';
import { Piscina } from 'piscina';
import { loadSharp } from '../sharp';
import type { ProcessAvatarInput, ProcessAvatarResult } from './avatar';
import { PipelineError, type ProgressFn } from './errors';
import type { ProcessModelInput, ProcessModelResult } from './model';
import type { ProcessPanoramaResult } from './panorama';
import type { VideoProbe } from './video';
import type { LibraryBuildResult, StepOutcome } from './worker';

/**
 * What every call accepts on top of its input: progress (0-100), a signal that cancels the step, and `background`
 * for work nobody waits for (the demo catalogue's files), which runs in the background threads.
 */
interface CallOptions {
  onProgress?: ProgressFn;
  signal?: AbortSignal;
  background?: boolean;
}

/**
 * The asset pipeline behind worker threads: the same steps as `processModel`, `processPanorama` and `probeVideo`,
 * run by a piscina pool so that decoding, optimising and rendering never block the API's event loop. Background
 * steps (library models, demo media, the demo catalogue's files) run in threads of their own, so a creator's upload
 * never queues behind a catalogue that takes minutes to build (a 360 video alone takes tens of seconds).
 */
export interface PipelinePool {
  processModel(input: Omit<ProcessModelInput, 'onProgress'> & CallOptions): Promise<ProcessModelResult>;
  /** Checks and measures an uploaded avatar (GLB / VRM) and renders its thumbnail (see `processAvatar`). */
  processAvatar(input: Omit<ProcessAvatarInput, 'onProgress'> & CallOptions): Promise<ProcessAvatarResult>;
  processPanorama(input: { inputPath: string; workDir: string } & CallOptions): Promise<ProcessPanoramaResult>;
  probeVideo(input: { inputPath: string; workDir?: string } & CallOptions): Promise<VideoProbe & { posterPath?: string }>;
  /** Builds one generated model of the model library (GLB and thumbnail) into `workDir` (background unless told otherwise). */
  buildLibraryModel(input: { key: string; name: string; workDir: string } & CallOptions): Promise<LibraryBuildResult>;
  /**
   * Generated demo media (panoramas and their crops, 360 video, artworks, ambient sound), see `panorama/` of the
   * demo-content package (background).
   */
  generateMedia(input: GenerateTask & CallOptions): Promise<GeneratedMedia>;
  /** Threads alive and tasks completed (health checks and tests). */
  stats(): { threads: number; completed: number };
  /** Terminates the workers (a step still running is abandoned). */
  destroy(): Promise<void>;
}

export interface PipelinePoolOptions {
  /** Most worker threads at once, for uploads and again for background steps. */
  workers: number;
  /** Heap cap of each worker in MB (V8 old generation); a step that needs more fails with `out_of_memory`. */
  memoryMb?: number;
  /** An idle worker exits after this long; the next step starts a new one (module loading takes about a second). */
  idleMs?: number;
}

const ENTRY = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));

/** Creates the pool. Workers start on the first step, not here, so building the app stays fast. */
export function createPipelinePool({ workers, memoryMb, idleMs = 60_000 }: PipelinePoolOptions): PipelinePool {
  const createPool = () =>
    new Piscina({
      filename: ENTRY,
      minThreads: 0,
      maxThreads: workers,
      idleTimeout: idleMs,
      // Not the parent's flags (`--import tsx`, vitest's): worker-entry.mjs brings tsx itself, the same in every launch.
      execArgv: [],
      // Lower scheduling priority for the workers' threads (Linux: per thread), so the API's thread wins the CPU.
      niceIncrement: 10,
      resourceLimits: memoryMb ? { maxOldGenerationSizeMb: memoryMb } : undefined,
    });
  // Threads start on the first step of each (minThreads 0): a server without background work never starts those.
  const pools = { upload: createPool(), background: createPool() };

  // Calls in flight, so that a worker failing outside a task (piscina then emits 'error' and leaves queued tasks
  // waiting for a worker that never comes, e.g. when the worker module cannot load) fails them instead of hanging.
  const inFlight = new Set<AbortController>();
  for (const pool of Object.values(pools))
    pool.on('error', (err: Error) => {
      for (const c of inFlight) c.abort(err);
    });

  const outOfMemory = (err: unknown) =>
    new PipelineError('out_of_memory', `Processing needed more than the ${memoryMb} MB a pipeline worker may use`, {
      cause: err,
    });

  async function run<T>(
    name: string,
    task: Record<string, unknown>,
    { onProgress, signal, background }: CallOptions,
  ): Promise<T> {
    const pool = background ? pools.background : pools.upload;
    // sharp is loaded by the workers too; loading it here first (once) keeps glibc from unloading libvips (and
    // crashing) when a worker thread exits (sharp's documentation on worker threads).
    await loadSharp();
    const { port1, port2 } = new MessageChannel();
    let open = true;
    port1.on('message', (p: number) => {
      if (open) onProgress?.(p);
    });
    const failed = new AbortController();
    inFlight.add(failed);
    try {
      const out = (await pool.run(
        { ...task, port: port2 },
        { name, transferList: [port2], signal: signal ? AbortSignal.any([signal, failed.signal]) : failed.signal },
      )) as StepOutcome<T>;
      if (!out.ok) throw new PipelineError(out.reason, out.message, { files: out.files });
      return out.value;
    } catch (err) {
      // The caller's cancellation stays an AbortError; a broken worker becomes its own error.
      const cause = failed.signal.aborted && !signal?.aborted ? (failed.signal.reason as Error) : err;
      if ((cause as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw outOfMemory(cause);
      if (cause !== err) throw new Error(`The pipeline worker failed: ${(cause as Error).message}`, { cause });
      throw err;
    } finally {
      inFlight.delete(failed);
      open = false;
      port1.close();
    }
  }

  return {
    processModel: ({ onProgress, signal, background, ...input }) => run('model', input, { onProgress, signal, background }),
    processAvatar: ({ onProgress, signal, background, ...input }) => run('avatar', input, { onProgress, signal, background }),
    processPanorama: ({ onProgress, signal, background, ...input }) => run('panorama', input, { onProgress, signal, background }),
    probeVideo: ({ onProgress, signal, background, ...input }) => run('video', input, { onProgress, signal, background }),
    // A build someone waits for (the editor's thumbnails) runs beside uploads; the prebuild job's in the background.
    buildLibraryModel: ({ onProgress, signal, background = true, ...input }) =>
      run('library', input, { onProgress, signal, background }),
    generateMedia: ({ onProgress, signal, background: _, ...input }) =>
      run('generate', input, { onProgress, signal, background: true }),
    stats: () => ({
      threads: pools.upload.threads.length + pools.background.threads.length,
      completed: pools.upload.completed + pools.background.completed,
    }),
    destroy: async () => {
      await Promise.all([pools.upload.destroy(), pools.background.destroy()]);
    },
  };
}
