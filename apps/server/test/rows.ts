import { eq } from 'drizzle-orm';
import { libraryModels } from '../src/modules/library/library.table';
import { assets } from '../src/modules/projects/assets.table';
import { projectScenes } from '../src/modules/projects/scenes.table';
import type { TestApp } from './app';

/*
 * Rows a module's tests put straight into another module's tables to set up a case (a ready asset, a published scene
 * version, a library model). A module's tables are its own (.dependency-cruiser.cjs); the shared test support may
 * arrange rows in any of them, so the tests name what they set up instead of reaching into other modules.
 */

/** An asset row as given (e.g. a ready 360 picture without its files). */
export async function insertAsset(t: TestApp, values: typeof assets.$inferInsert) {
  const [row] = await t.database.db.insert(assets).values(values).returning();
  return row!;
}

/** Marks a project's scene document version as the published one. */
export async function setPublishedSceneVersion(t: TestApp, projectId: number, version: number): Promise<void> {
  await t.database.db.update(projectScenes).set({ publishedVersion: version }).where(eq(projectScenes.projectId, projectId));
}

/** A model of the model library as given (no files); answers its id. */
export async function insertLibraryModel(t: TestApp, values: typeof libraryModels.$inferInsert): Promise<number> {
  const [row] = await t.database.db.insert(libraryModels).values(values).returning({ id: libraryModels.id });
  return row!.id;
}
