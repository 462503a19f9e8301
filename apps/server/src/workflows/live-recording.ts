import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_NAME_MAX } from '@xr/contract/creator';
import type { FastifyBaseLogger } from 'fastify';
import { ffmpegPath } from '../lib/ffmpeg';
import type { Storage } from '../lib/storage';
import type { ImportRecording } from '../modules/live/broadcast.service';
import type { AssetsService } from '../modules/projects/assets.service';
import type { EditorService } from '../modules/projects/editor.service';
import type { ProjectImagesService } from '../modules/projects/images.service';
import type { StorageRulesService } from '../modules/system/storage-rules.service';

function run(bin: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err}`))));
  });
}

/**
 * Keeps a finished live recording as content of its creator: the FLV is remuxed to MP4 (no re-encoding), a
 * frame becomes the cover, and a private draft project "<stream> (live <date>)" receives the MP4 as a 360 video asset
 * (a flat stream: a video asset) through the usual asset pipeline (`acceptAsset`: quota checked under the owner's
 * lock, processing job queued). Without ffmpeg, or when the owner's storage is full, the recording stays on disk and
 * null is answered (logged).
 */
export function createLiveRecordingImport(deps: {
  /** The draft project: created, and removed again when its asset is refused. */
  editor: Pick<EditorService, 'add' | 'remove'>;
  assets: Pick<AssetsService, 'acceptAsset'>;
  images: ProjectImagesService;
  rules: StorageRulesService;
  storage: Storage;
  tmpDir: string;
  log: FastifyBaseLogger;
}): ImportRecording {
  return async ({ ownerId, streamId, name, file, projection }) => {
    const ffmpeg = ffmpegPath();
    if (!ffmpeg) {
      deps.log.warn({ stream: streamId, file }, 'live recording kept on disk: no ffmpeg to convert it');
      return null;
    }
    await fs.mkdir(deps.tmpDir, { recursive: true });
    const dir = await fs.mkdtemp(path.join(deps.tmpDir || os.tmpdir(), 'live-rec-'));
    try {
      const mp4 = path.join(dir, 'recording.mp4');
      const cover = path.join(dir, 'cover.jpg');
      await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', file, '-c', 'copy', '-movflags', '+faststart', mp4]);
      await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-vf', 'scale=1280:-2', cover]);
      const size = (await fs.stat(mp4)).size;
      const cap = await deps.rules.capacityOf(ownerId);
      if (cap.used_bytes + size > cap.quota_bytes) {
        deps.log.warn({ stream: streamId, file }, 'live recording kept on disk: the owner has no storage left');
        return null;
      }
      const actor = { id: ownerId, roles: [] as string[], permissions: new Set<string>() };
      const { url } = await deps.images.upload(ownerId, { buffer: await fs.readFile(cover), filename: 'cover.jpg' });
      const day = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const project = await deps.editor.add(actor, {
        name: `${name} (live ${day})`.slice(0, PROJECT_NAME_MAX),
        catalog: projection === '360' ? '360_video' : 'multimedia',
        type: 'exhibition',
        price: 0,
        keywords: 'live',
        tag_ids: [],
        description: `Recording of the live stream “${name}”.`,
        cover: url,
        images: [],
        for_sale: false,
        is_public: false,
        anonymous_preview: false,
      });
      const key = `assets/${project.id}/live-${streamId}-${Date.now()}.mp4`;
      let asset: Awaited<ReturnType<AssetsService['acceptAsset']>>;
      try {
        await deps.storage.put(key, createReadStream(mp4), undefined, size);
        asset = await deps.assets.acceptAsset(
          {
            projectId: project.id,
            ownerId,
            kind: projection === '360' ? 'video360' : 'video',
            filename: `${name}.mp4`,
            extension: 'mp4',
            originalKey: key,
            bytes: size,
          },
          {
            replace: false,
            background: true,
            // The binding quota check, under the owner's lock (uploads finishing meanwhile count).
            withinQuota: ({ usedBytes }) => {
              if (usedBytes + size > cap.quota_bytes) throw new Error('storage quota reached');
            },
          },
        );
      } catch (err) {
        await deps.storage.delete(key).catch(() => undefined);
        await deps.editor.remove(actor, project.id).catch(() => undefined);
        throw err;
      }
      await fs.rm(file, { force: true });
      deps.log.info({ stream: streamId, project: project.id, asset: asset.id }, 'live recording imported');
      return asset.id;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
}
