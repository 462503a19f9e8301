/*
 * What the asset pipeline delivers of a processed model beside its GLB (ours). No zod here: the lean full-screen
 * viewer page (apps/web/src/lean-viewer) imports it in its first script. `scenes.ts` re-exports it.
 */

/**
 * Texture previews of processed models (ours): the asset pipeline stores a WebP of each texture, at most
 * `TEXTURE_PREVIEW_SIZE` px, as a data URL in its glTF image's `extras[TEXTURE_PREVIEW_EXTRA]`; the 3D viewer draws
 * its first frame with them (server `lib/pipeline/textures.ts`, web `viewers/scene3d/texture-previews.ts`).
 */
export const TEXTURE_PREVIEW_EXTRA = 'xr_preview';
export const TEXTURE_PREVIEW_SIZE = 128;

/**
 * The coarse level of detail of a dense processed model (ours): the asset pipeline's second GLB of the model, about a
 * tenth of its triangles with the texture previews as its textures, delivered as `urls[MODEL_COARSE_OUTPUT]` beside
 * `urls.model`; the 3D viewer draws it in its first frame and swaps the model in after it (server
 * `lib/pipeline/coarse.ts`, web `viewers/scene3d/scene-content.tsx`). Light models and characters have none.
 */
export const MODEL_COARSE_OUTPUT = 'model_coarse';

/**
 * The AR Quick Look (iOS) form of a processed model (ours): a USDZ made by the asset pipeline from the delivered GLB
 * at the model's real size, delivered as `urls[MODEL_USDZ_OUTPUT]` beside `urls.model` and signed like it (server
 * `lib/pipeline/usdz.ts`, web `components/viewers/ar/`). Absent for models processed before it existed.
 */
export const MODEL_USDZ_OUTPUT = 'model_usdz';
