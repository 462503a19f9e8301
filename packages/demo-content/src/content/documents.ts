import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnyDocument, SceneDocument } from '@xr/contract/scenes';
import { SEED_PROJECTS } from '../catalogue/projects';
import type { DemoLog, EditorPort, PublicUrl, StoragePort } from '../ports';
import type { LibraryIds, SceneMedia, SceneTemplate } from './scene-plan';
import { buildSceneDocument } from './scenes';
import { buildTourDocument, type TourMedia } from './tours';

/** A short hash of a project's name: its covers' storage keys. */
export const slugOf = (name: string) => crypto.createHash('sha256').update(name).digest('hex').slice(0, 10);

/** The demo projects whose documents were saved: what the meta world's demo rooms take place in. */
export interface SavedDemoContent {
  scenes: { projectId: number; template: SceneTemplate }[];
  tours: { projectId: number; ownerId: number }[];
}

/**
 * What the content step needs from modules that live elsewhere: saving a scene document as the project's published
 * content (the scenes service's `saveDocument`), resolving the library models the 3D scenes use, rendering a 3D
 * scene's cover, and opening the demo rooms once the documents exist. Without `saveDocument` the media is still
 * generated and attached, and the documents are not saved.
 */
export interface SeedContentHooks {
  /**
   * Saves a document as the project's published content. A refused document is a bug of the generator, not a passing
   * state: the hook throws an error the job queue does not retry.
   */
  saveDocument?: (authorId: number, projectId: number, doc: AnyDocument) => Promise<unknown>;
  /** Library ids of `SEED_MODELS` (a missing model leaves out the objects that use it, not the scene). */
  libraryIds?: () => Promise<LibraryIds>;
  /** Renders a cover (JPEG or PNG at `outPath`) of a 3D scene. */
  renderSceneCover?: (doc: SceneDocument, outPath: string) => Promise<void>;
  /** Opens the demo rooms in the saved content (idempotent: called again after a retry). */
  openDemoRooms?: (content: SavedDemoContent) => Promise<unknown>;
}

/** The saving of the documents, queued by `runSeedMedia` once the assets are attached. */
export const SEED_CONTENT_JOB = 'seed.content';

export interface SeedContentPayload {
  tours: { id: number; ownerId: number; index: number; media: TourMedia }[];
  scenes: { id: number; ownerId: number; index: number; media: SceneMedia; products: number[] }[];
}

/** Thrown while the assets a document references are still being processed: the job is retried later. */
class AssetsNotReady extends Error {}

/**
 * Saves each seeded project's document: its tour, or (when the library is wired in) its 3D scene, whose cover is then
 * rendered from it. Waits (by failing and being retried) until the projects' assets are processed. Without a
 * `saveDocument` hook it does nothing and says so.
 */
export async function runSeedContent(
  deps: SeedContentHooks & { editor: EditorPort; storage: StoragePort; publicUrl: PublicUrl; log: DemoLog },
  payload: SeedContentPayload,
) {
  const { editor, storage, publicUrl, log, saveDocument: save } = deps;
  if (!save) {
    log.warn('demo content: documents not saved (no scenes service wired in)');
    return { toursSaved: 0, scenesBuilt: 0 };
  }
  const ids = [...payload.tours, ...payload.scenes].map((p) => p.id);
  for (const id of ids) {
    const busy = (await editor.assetsOfProject(id)).filter((a) => a.status === 'queued' || a.status === 'processing');
    if (busy.length) throw new AssetsNotReady(`project ${id}: ${busy.length} assets still processing`);
  }
  let toursSaved = 0;
  for (const t of payload.tours) {
    const seed = SEED_PROJECTS[t.index];
    if (seed?.content.kind !== 'tour') continue;
    await save(t.ownerId, t.id, buildTourDocument(seed.content, t.media));
    toursSaved++;
  }
  const lib = deps.libraryIds ? await deps.libraryIds() : {};
  const saved: SavedDemoContent = {
    scenes: [],
    tours: payload.tours.map((t) => ({ projectId: t.id, ownerId: t.ownerId })),
  };
  let scenesBuilt = 0;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-seed-content-'));
  try {
    for (const s of payload.scenes) {
      const seed = SEED_PROJECTS[s.index];
      if (seed?.content.kind !== 'scene') continue;
      const { doc, skipped } = buildSceneDocument(seed.content, lib, { products: s.products }, s.media);
      // A model the library lacks costs that one object, never the scene.
      if (skipped.length) log.warn({ project: s.id, skipped }, 'demo content: objects left out (library models missing)');
      await save(s.ownerId, s.id, doc);
      saved.scenes.push({ projectId: s.id, template: seed.content.template });
      if (deps.renderSceneCover) {
        const file = path.join(work, `scene-${s.id}.jpg`);
        try {
          await deps.renderSceneCover(doc, file);
          const { size } = await fs.stat(file);
          const key = `public/covers/${slugOf(seed.name)}-content-0.jpg`;
          await storage.put(key, createReadStream(file), 'image/jpeg', size);
          await editor.setPictures(s.id, publicUrl(key), [publicUrl(key)]);
        } catch (err) {
          // The scene is saved; it keeps its generated cover.
          log.warn({ err, project: s.id }, 'demo content: 3D scene cover not rendered');
        }
      }
      scenesBuilt++;
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  log.info({ toursSaved, scenesBuilt }, `demo content: ${toursSaved} tours and ${scenesBuilt} 3D scenes saved`);
  // The rooms take place in the documents just saved, so they are opened last.
  if (deps.openDemoRooms) await deps.openDemoRooms(saved);
  return { toursSaved, scenesBuilt };
}
