import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { buildGenerated } from '../../modules/library/generator/build';
import { type GeneratedMedia, type GenerateTask, generateMedia } from '../panorama-gen/generate';
import { type ProcessAvatarResult, processAvatar } from './avatar';
import { asPipelineError, PipelineError, type PipelineReason } from './errors';
import { type ProcessModelResult, processModel } from './model';
import { type ProcessPanoramaResult, processPanorama } from './panorama';
import { probeVideo, type VideoProbe } from './video';

/**
 * The pipeline steps as run inside a worker thread of the pool (see `pool.ts`). Everything crossing the thread
 * boundary is plain data: paths in, paths and reports out. Progress goes back through `port`; a refusal comes
 * back as a value (a thrown error would lose its class and `reason` on the way through structured clone).
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

export function model({ port, ...input }: ModelTask): Promise<StepOutcome<ProcessModelResult>> {
  return settle(port, (onProgress) => processModel({ ...input, onProgress }));
}

export function avatar({ port, ...input }: ModelTask): Promise<StepOutcome<ProcessAvatarResult>> {
  return settle(port, (onProgress) => processAvatar({ ...input, onProgress }));
}

export function panorama({ port, ...input }: PanoramaTask): Promise<StepOutcome<ProcessPanoramaResult>> {
  return settle(port, (onProgress) => processPanorama({ ...input, onProgress }));
}

export function video({ port, ...input }: VideoTask): Promise<StepOutcome<VideoProbe & { posterPath?: string }>> {
  return settle(port, () => probeVideo(input));
}

export function library({ port, key, name, workDir }: LibraryTask): Promise<StepOutcome<LibraryBuildResult>> {
  return settle(port, async () => {
    const built = await buildGenerated(key, name);
    await fs.mkdir(workDir, { recursive: true });
    const glbPath = path.join(workDir, 'model.glb');
    const thumbnailPath = path.join(workDir, 'thumbnail.png');
    await Promise.all([fs.writeFile(glbPath, built.glb), fs.writeFile(thumbnailPath, built.thumbnail)]);
    return { glbPath, thumbnailPath, triangles: built.triangles, bytes: built.glb.byteLength, size: built.size };
  });
}

export function generate({ port, ...task }: GenerateTask & WithPort): Promise<StepOutcome<GeneratedMedia>> {
  return settle(port, (onProgress) => generateMedia(task, onProgress));
}
