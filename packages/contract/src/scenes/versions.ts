import { z } from 'zod';
import { V } from '../messages';
import { SCENE_SCHEMA_VERSION, type SceneDocument, sceneDocument } from './scene-document';
import { TOUR_SCHEMA_VERSION, type TourDocument, tourDocument } from './tour';

export type AnyDocument = TourDocument | SceneDocument;
export type DocumentKind = AnyDocument['kind'];

// Versions and migrations

/** Migration of a stored document from version `n` to `n + 1` (none yet: version 1 is the first). */
export type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;
const tourMigrations: Record<number, Migration> = {};
const sceneMigrations: Record<number, Migration> = {};

/**
 * Runs `steps[v]` for each version `v` from the document's `schema_version` up to `target` (a document without one
 * is taken as `target`); stops at a missing step, so the schema then refuses the old version instead of guessing.
 */
export function runMigrations(raw: unknown, target: number, steps: Record<number, Migration>): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let doc = raw as Record<string, unknown>;
  let v = typeof doc.schema_version === 'number' ? doc.schema_version : target;
  while (v < target && steps[v]) {
    doc = { ...steps[v]!(doc), schema_version: v + 1 };
    v += 1;
  }
  return doc;
}

/** Brings a stored tour to the current version and validates it. */
export const parseTourDocument = (raw: unknown) =>
  tourDocument.safeParse(runMigrations(raw, TOUR_SCHEMA_VERSION, tourMigrations));
/** Brings a stored 3D scene to the current version and validates it. */
export const parseSceneDocument = (raw: unknown) =>
  sceneDocument.safeParse(runMigrations(raw, SCENE_SCHEMA_VERSION, sceneMigrations));

/** Either document, by its `kind`. */
export const anyDocument = z.union([tourDocument, sceneDocument], { message: V('documentKind') });
export function parseAnyDocument(raw: unknown) {
  const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  return kind === 'scene' ? parseSceneDocument(raw) : parseTourDocument(raw);
}

/** A new, valid, empty 3D scene. */
export function emptySceneDocument(): SceneDocument {
  return sceneDocument.parse({ schema_version: SCENE_SCHEMA_VERSION, kind: 'scene' });
}
