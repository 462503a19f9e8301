/**
 * Scene documents: a **360 tour** (scenes of 360 images or videos with hotspots) and a **3D scene**
 * (objects from the model library or the creator's uploads, lights, hotspots, NPCs). A project's content is an
 * asset *or* one of these documents, which reference assets by id (never by URL: the server resolves signed URLs
 * when it hands a document to a viewer, see `ResolvedMedia`).
 *
 * Both documents carry `schema_version`; `parseTourDocument` / `parseSceneDocument` first run the migration of each
 * step from the stored version to `*_SCHEMA_VERSION`, then validate. The server validates on save (and checks that
 * every referenced asset is the author's, every library id exists and every product is purchasable); the web
 * validates on load. Limits keep a hostile document small: arrays are bounded, nesting is flat (objects name their
 * parent by id, checked for existence and cycles), text is bounded and free of control characters, and numbers are
 * finite and bounded.
 */

// The processed models' extra outputs (texture previews, coarse level of detail): their own module, without zod, so
// the lean full-screen page can read them without the schemas.
export { MODEL_COARSE_OUTPUT, MODEL_USDZ_OUTPUT, TEXTURE_PREVIEW_EXTRA, TEXTURE_PREVIEW_SIZE } from './model-outputs';
// The parts live in scenes/ by topic; this module is the contract's one entry to them (`@xr/contract/scenes`).
export * from './scenes/calls';
export * from './scenes/fields';
export * from './scenes/hotspots';
export * from './scenes/npc';
export * from './scenes/objects';
export * from './scenes/references';
export * from './scenes/scene-document';
export * from './scenes/tour';
export * from './scenes/versions';
