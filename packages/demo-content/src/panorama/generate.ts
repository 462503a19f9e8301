import fs from 'node:fs/promises';
import type { ArtStyle } from './art';
import { ambientWav, writeArt, writeCrop, writePanorama, writePanoramaVideo } from './media';
import type { PanoramaName } from './presets';
import type { CropView } from './render';

/** One piece of generated demo media, as a task for a pipeline worker (plain data in, file paths out). */
export type GenerateTask =
  | {
      kind: 'panorama';
      name: PanoramaName;
      width: number;
      outPath: string;
      /** Flat crops cut from the rendered panorama (covers). */
      crops: { view: CropView; width: number; height: number; outPath: string }[];
    }
  | {
      kind: 'video';
      name: PanoramaName;
      width: number;
      seconds: number;
      fps: number;
      outPath: string;
      /** A flat clip looking this way instead of a 360° video. */
      flat?: CropView;
    }
  | { kind: 'art'; style: ArtStyle; seed: number; width: number; height: number; outPath: string }
  | { kind: 'audio'; seconds: number; seed: number; outPath: string };

export interface GeneratedMedia {
  /** Files written. */
  files: string[];
  /** Why nothing was written (e.g. no ffmpeg for a video). */
  skipped?: string;
  /** Time it took. */
  ms: number;
}

/**
 * Runs one generation task (in a worker thread of the server's pipeline pool: it is CPU-bound for seconds). `ffmpeg`
 * is the path of the binary that encodes videos (null: video tasks are skipped and say so).
 */
export async function generateMedia(
  task: GenerateTask,
  ffmpeg: string | null,
  onProgress?: (p: number) => void,
): Promise<GeneratedMedia> {
  const started = Date.now();
  const done = (files: string[], skipped?: string): GeneratedMedia => ({ files, skipped, ms: Date.now() - started });
  onProgress?.(0);
  switch (task.kind) {
    case 'panorama': {
      const img = await writePanorama(task.name, task.width, task.outPath);
      onProgress?.(80);
      for (const c of task.crops) await writeCrop(img, c.view, c.width, c.height, c.outPath);
      onProgress?.(100);
      return done([task.outPath, ...task.crops.map((c) => c.outPath)]);
    }
    case 'video': {
      const ok = await writePanoramaVideo(task.name, ffmpeg, {
        width: task.width,
        seconds: task.seconds,
        fps: task.fps,
        outPath: task.outPath,
        flat: task.flat,
        onFrame: (d, n) => onProgress?.((100 * d) / n),
      });
      return ok ? done([task.outPath]) : done([], 'no ffmpeg binary');
    }
    case 'art':
      await writeArt(task.style, task.seed, task.width, task.height, task.outPath);
      return done([task.outPath]);
    case 'audio':
      await fs.writeFile(task.outPath, ambientWav(task.seconds, task.seed));
      return done([task.outPath]);
  }
}
