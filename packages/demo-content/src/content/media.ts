import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileKind } from '@xr/contract/creator';
import { SEED_PROJECTS } from '../catalogue/projects';
import type { GenerateTask } from '../panorama/generate';
import { PANORAMAS, type PanoramaName, type Spot } from '../panorama/presets';
import type { CropView } from '../panorama/render';
import type { DemoLog, EditorPort, JobsPort, PipelinePort, PublicUrl, StoragePort } from '../ports';
import { SEED_CONTENT_JOB, type SeedContentPayload, slugOf } from './documents';
import type { TourMedia, TourPlan } from './tours';

/** The background job that generates the demo catalogue's media and content (queued by the first start's seeding). */
export const SEED_MEDIA_JOB = 'seed.media';

export interface SeedMediaPayload {
  /** Seeded projects: id, owner and index in SEED_PROJECTS. */
  projects: { id: number; ownerId: number; index: number }[];
}

export interface SeedMediaDeps {
  jobs: JobsPort;
  editor: EditorPort;
  storage: StoragePort;
  publicUrl: PublicUrl;
  pipeline: PipelinePort;
  log: DemoLog;
  /** Width of the generated panoramas (2:1). */
  width: number;
}

const COVER_W = 1280;
const COVER_H = 720;
const COVER_FOV = 1.45;
/** The flat clip of video hotspots, and the 360 video's size. */
const CLIP = { width: 1280, seconds: 3, fps: 24 } as const;

const viewKey = (v: Spot) => `${v.yaw.toFixed(3)}_${v.pitch.toFixed(3)}`;

/** The three pictures of a tour: its start view, a turn to the side, and the second scene's start view. */
function coverViews(plan: TourPlan): { pano: PanoramaName; view: CropView }[] {
  const first = plan.video ?? plan.scenes[0] ?? 'meadow-day';
  const second = plan.video ? (plan.scenes[0] ?? first) : (plan.scenes[1] ?? first);
  const start = PANORAMAS[first].start;
  return [
    { pano: first, view: { yaw: start.yaw, pitch: start.pitch, fov: COVER_FOV } },
    { pano: first, view: { yaw: start.yaw + 2.1, pitch: start.pitch, fov: COVER_FOV } },
    { pano: second, view: { yaw: PANORAMAS[second].start.yaw, pitch: PANORAMAS[second].start.pitch, fov: COVER_FOV } },
  ];
}

/**
 * Generates the demo catalogue's media once and gives every seeded project its content: panoramas (each rendered
 * once, in the pipeline's worker threads), 360 videos, an artwork and an ambient sound; each project gets its own
 * copies as uploaded assets (so the asset pipeline makes previews, tiles and thumbnails exactly as for an upload) and
 * covers cut from its start panorama; then it queues `SEED_CONTENT_JOB` to save the tour or 3D scene documents. A
 * project that already has assets is skipped, so a retried job does not duplicate anything. Returns timings.
 */
export async function runSeedMedia(deps: SeedMediaDeps, payload: SeedMediaPayload, onProgress?: (p: number) => void) {
  const { editor, storage, publicUrl, pipeline, log, width } = deps;
  const started = Date.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-seed-media-'));
  try {
    const items = payload.projects.flatMap((p) => {
      const seed = SEED_PROJECTS[p.index];
      return seed ? [{ ...p, seed }] : [];
    });
    const pending: typeof items = [];
    for (const it of items) if ((await editor.assetsOfProject(it.id)).length === 0) pending.push(it);
    const tours = pending.filter((it) => it.seed.content.kind === 'tour');
    const scenes = pending.filter((it) => it.seed.content.kind === 'scene');

    // 1. What to render: every panorama of a tour, the crops of every cover, the videos.
    const panoramas = new Set<PanoramaName>();
    const videos = new Set<PanoramaName>();
    const crops = new Map<PanoramaName, Map<string, CropView>>();
    for (const it of tours) {
      const plan = it.seed.content as TourPlan;
      for (const s of plan.scenes) panoramas.add(s);
      if (plan.video) videos.add(plan.video);
      for (const c of coverViews(plan)) {
        panoramas.add(c.pano);
        const m = crops.get(c.pano) ?? new Map<string, CropView>();
        m.set(viewKey(c.view), c.view);
        crops.set(c.pano, m);
      }
    }
    const fileOf = {
      pano: (n: PanoramaName) => path.join(work, `pano-${n}.jpg`),
      crop: (n: PanoramaName, v: Spot) => path.join(work, `crop-${n}-${viewKey(v)}.jpg`),
      video: (n: PanoramaName) => path.join(work, `video-${n}.mp4`),
      art: path.join(work, 'artwork.jpg'),
      poster: path.join(work, 'poster.jpg'),
      audio: path.join(work, 'ambient.wav'),
      clip: path.join(work, 'clip.mp4'),
    };
    const tasks: GenerateTask[] = [
      ...[...panoramas].map(
        (name): GenerateTask => ({
          kind: 'panorama',
          name,
          width,
          outPath: fileOf.pano(name),
          crops: [...(crops.get(name)?.values() ?? [])].map((view) => ({
            view,
            width: COVER_W,
            height: COVER_H,
            outPath: fileOf.crop(name, view),
          })),
        }),
      ),
      ...[...videos].map(
        (name): GenerateTask => ({
          kind: 'video',
          name,
          width: Math.min(CLIP.width, width),
          seconds: CLIP.seconds,
          fps: CLIP.fps,
          outPath: fileOf.video(name),
        }),
      ),
      // The flat clip of video hotspots: clouds drifting over the sea, looking up a little.
      ...(tours.length || scenes.length
        ? [
            {
              kind: 'video',
              name: 'sunset-sea',
              width: 960,
              seconds: CLIP.seconds,
              fps: CLIP.fps,
              outPath: fileOf.clip,
              flat: { yaw: 0.4, pitch: 0.18, fov: 1.2 },
            } satisfies GenerateTask,
          ]
        : []),
      { kind: 'art', style: 'ink', seed: 7, width: 1200, height: 1600, outPath: fileOf.art },
      { kind: 'art', style: 'geometric', seed: 11, width: 1200, height: 1600, outPath: fileOf.poster },
      { kind: 'audio', seconds: 12, seed: 5, outPath: fileOf.audio },
    ];
    let finished = 0;
    const timings: Record<string, number> = {};
    const results = await Promise.all(
      tasks.map(async (task) => {
        const r = await pipeline.generateMedia(task);
        finished++;
        onProgress?.((60 * finished) / tasks.length);
        timings[
          `${task.kind}${task.kind === 'video' && task.flat ? '-clip' : ''}:${'name' in task ? task.name : 'style' in task ? task.style : 'audio'}`
        ] = r.ms;
        return { task, r };
      }),
    );
    const made = results.filter(({ task, r }) => task.kind === 'video' && !r.skipped).map(({ task }) => task);
    const madeVideo = new Set(made.flatMap((task) => (task.kind === 'video' && !task.flat ? [task.name] : [])));
    const madeClip = made.some((task) => task.kind === 'video' && !!task.flat);
    if (videos.size && !made.length) log.warn('demo media: no ffmpeg binary, 360 video scenes are left out');
    const generatedMs = Date.now() - started;

    // 2. Each project's own copies, through the asset path of uploads.
    const attach = async (projectId: number, ownerId: number, kind: FileKind, file: string, filename: string) => {
      const ext = path.extname(filename).slice(1);
      const key = `assets/${projectId}/seed-${crypto.randomBytes(6).toString('hex')}.${ext}`;
      const { size } = await fs.stat(file);
      await storage.put(key, createReadStream(file), undefined, size);
      const asset = await editor.acceptAsset(
        { projectId, ownerId, kind, filename, extension: ext, originalKey: key, bytes: size },
        { replace: false, keepReview: true, background: true },
      );
      return asset.id;
    };
    const publish = async (file: string, key: string) => {
      const { size } = await fs.stat(file);
      await storage.put(key, createReadStream(file), 'image/jpeg', size);
      return publicUrl(key);
    };
    let done = 0;
    const content: SeedContentPayload = { tours: [], scenes: [] };
    for (const it of tours) {
      const plan = it.seed.content as TourPlan;
      const media: TourMedia = {
        panoramas: {},
        image: await attach(it.id, it.ownerId, 'image', fileOf.art, 'artwork.jpg'),
        audio: await attach(it.id, it.ownerId, 'audio', fileOf.audio, 'ambient.wav'),
      };
      for (const s of plan.scenes) media.panoramas[s] = await attach(it.id, it.ownerId, 'image360', fileOf.pano(s), `${s}.jpg`);
      if (plan.video && madeVideo.has(plan.video))
        media.video360 = await attach(it.id, it.ownerId, 'video360', fileOf.video(plan.video), `${plan.video}-360.mp4`);
      if (madeClip) media.video = await attach(it.id, it.ownerId, 'video', fileOf.clip, 'clouds.mp4');
      const slug = slugOf(it.seed.name);
      const urls: string[] = [];
      for (const [n, c] of coverViews(plan).entries()) {
        // A video tour whose video could not be made starts on its first image scene: so does its cover.
        const pano = plan.video && !media.video360 && n < 2 ? (plan.scenes[0] ?? c.pano) : c.pano;
        const view = pano === c.pano ? c.view : { ...PANORAMAS[pano].start, fov: COVER_FOV };
        const file = fileOf.crop(pano, view);
        if (await exists(file)) urls.push(await publish(file, `public/covers/${slug}-content-${n}.jpg`));
      }
      if (urls[0]) await editor.setPictures(it.id, urls[0], urls);
      content.tours.push({ id: it.id, ownerId: it.ownerId, index: it.index, media });
      onProgress?.(60 + (40 * ++done) / pending.length);
    }
    const products = items.filter((it) => it.seed.price > 0 && !it.seed.showcase).map((it) => it.id);
    for (const [k, it] of scenes.entries()) {
      const others = products.filter((p) => p !== it.id);
      content.scenes.push({
        id: it.id,
        ownerId: it.ownerId,
        index: it.index,
        media: {
          image: await attach(it.id, it.ownerId, 'image', fileOf.poster, 'poster.jpg'),
          audio: await attach(it.id, it.ownerId, 'audio', fileOf.audio, 'ambient.wav'),
          ...(madeClip ? { video: await attach(it.id, it.ownerId, 'video', fileOf.clip, 'film.mp4') } : {}),
        },
        products: [0, 1, 2].map((j) => others[(k * 3 + j * 7) % others.length]).filter((p): p is number => !!p),
      });
      onProgress?.(60 + (40 * ++done) / pending.length);
    }
    // The documents are saved by a job queued after every asset job queued above (the queue runs jobs in id order),
    // so the scenes service sees processed assets.
    if (content.tours.length || content.scenes.length)
      await deps.jobs.enqueue(SEED_CONTENT_JOB, content as unknown as Record<string, unknown>, undefined, { maxAttempts: 12 });
    const report = {
      projects: pending.length,
      tours: tours.length,
      panoramas: panoramas.size,
      videos: madeVideo.size,
      width,
      generatedSeconds: Math.round(generatedMs / 100) / 10,
      totalSeconds: Math.round((Date.now() - started) / 100) / 10,
      timings,
    };
    log.info(
      report,
      `demo media: ${panoramas.size} panoramas at ${width} px and ${madeVideo.size} videos in ${report.generatedSeconds} s`,
    );
    return report;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
