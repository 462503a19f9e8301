import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import type { GeneratedMedia, GenerateTask } from '@xr/demo-content/panorama/generate';
import type { ProcessAvatarResult } from './avatar';
import { asPipelineError, PipelineError, type PipelineReason } from './errors';
import type { ProcessModelResult } from './model';
import type { ProcessPanoramaResult } from './panorama';
import type { VideoProbe } from './video';

/**
 * The pipeline steps as run inside a worker thread of the pool (see `pool.ts`). Everything crossing the thread
 * boundary is plain data: paths in, paths and reports out. Progress goes back through `port`; a refusal comes
 * back as a value (a thrown error would lose its class and `reason` on the way through structured clone).
 * Each step imports its module on its first call, not when the worker starts: a fresh worker (they exit when idle)
 * given a panorama or a video would otherwise first load the whole 3D stack (three.js, glTF-Transform, the
 * library's generator), about 2 s of the ~2.3 s a 4096 × 2048 panorama took on a fresh worker.
 */
export type StepOutcome<T> = { ok: true; value: T } | { ok: false; reason: PipelineReason; message: string; files?: string[] };

interface WithPort {
  /** The worker's end of a MessageChannel: receives progress percentages. */
  port?: MessagePort;
}

export interface ModelTask extends WithPort {
  inputPath: string;
  originalName: string;
  workDir: string;
}

export interface PanoramaTask extends WithPort {
  inputPath: string;
  workDir: string;
}

export interface VideoTask extends WithPort {
  inputPath: string;
  /** Where the poster frame goes (none without it). */
  workDir?: string;
}

/** A generated model of the model library to build (key `gen:…`), written to `workDir`. */
export interface LibraryTask extends WithPort {
  key: string;
  name: string;
  workDir: string;
}

export interface LibraryBuildResult {
  glbPath: string;
  thumbnailPath: string;
  triangles: number;
  bytes: number;
  size: [number, number, number];
}

/**
 * A step's module, imported on the step's first call (cached after). Outside `settle`: a module that fails to load
 * is this worker's fault, never the upload's, so the error stays thrown instead of becoming a refusal.
 */
async function load<M>(port: MessagePort | undefined, get: () => Promise<M>): Promise<M> {
  try {
    return await get();
  } catch (err) {
    port?.close();
    throw err;
  }
}

async function settle<T>(port: MessagePort | undefined, run: (onProgress: (p: number) => void) => Promise<T>) {
  try {
    const value = await run((p) => port?.postMessage(p));
    return { ok: true, value } as StepOutcome<T>;
  } catch (err) {
    // Any exception of a step on its input (a reader's TypeError included) is a refusal with a reason code; only
    // errors of the machine (a full disk) stay thrown, so that the job is retried.
    const refusal = asPipelineError(err);
    if (refusal instanceof PipelineError)
      return { ok: false, reason: refusal.reason, message: refusal.message, files: refusal.files } as StepOutcome<T>;
    throw refusal;
  } finally {
    port?.close();
  }
}

export async function model({ port, ...input }: ModelTask): Promise<StepOutcome<ProcessModelResult>> {
  const { processModel } = await load(port, () => import('./model'));
  return settle(port, (onProgress) => processModel({ ...input, onProgress }));
}

export async function avatar({ port, ...input }: ModelTask): Promise<StepOutcome<ProcessAvatarResult>> {
  const { processAvatar } = await load(port, () => import('./avatar'));
  return settle(port, (onProgress) => processAvatar({ ...input, onProgress }));
}

export async function panorama({ port, ...input }: PanoramaTask): Promise<StepOutcome<ProcessPanoramaResult>> {
  const { processPanorama } = await load(port, () => import('./panorama'));
  return settle(port, (onProgress) => processPanorama({ ...input, onProgress }));
}

export async function video({ port, ...input }: VideoTask): Promise<StepOutcome<VideoProbe & { posterPath?: string }>> {
  const { probeVideo } = await load(port, () => import('./video'));
  return settle(port, () => probeVideo(input));
}

export async function library({ port, key, name, workDir }: LibraryTask): Promise<StepOutcome<LibraryBuildResult>> {
  const { buildLibraryModel } = await load(port, () => import('./library-model'));
  return settle(port, async () => {
    const built = await buildLibraryModel(key, name);
    await fs.mkdir(workDir, { recursive: true });
    const glbPath = path.join(workDir, 'model.glb');
    const thumbnailPath = path.join(workDir, 'thumbnail.png');
    await Promise.all([fs.writeFile(glbPath, built.glb), fs.writeFile(thumbnailPath, built.thumbnail)]);
    return { glbPath, thumbnailPath, triangles: built.triangles, bytes: built.glb.byteLength, size: built.size };
  });
}

export async function generate({ port, ...task }: GenerateTask & WithPort): Promise<StepOutcome<GeneratedMedia>> {
  const [{ generateMedia }, { ffmpegPath }] = await load(port, () =>
    Promise.all([import('@xr/demo-content/panorama/generate'), import('../ffmpeg')]),
  );
  return settle(port, (onProgress) => generateMedia(task, ffmpegPath(), onProgress));
}
