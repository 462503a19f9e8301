import { buffer } from 'node:stream/consumers';
import { MODEL_USDZ_OUTPUT } from '@xr/contract/model-outputs';
import type { Db } from '../../db/client';
import { glbToUsdz } from '../../lib/pipeline/usdz';
import type { Storage } from '../../lib/storage';
import { createEditorRepository } from './editor.repository';

/**
 * The AR Quick Look USDZ (`model_usdz`) for 3D models processed before the pipeline made one: each ready model
 * without it gets the pipeline's own export (`glbToUsdz`) of its delivered GLB, stored beside it under the key the
 * pipeline would have used and added to the asset's outputs (counted in the owner's storage). Run by
 * `npm run usdz:backfill` (a process of its own, so the exports never hold up the API's event loop); re-running it
 * skips models that have one. A model whose export fails keeps none (its AR view on iOS then exports one in the
 * browser, as for a scene) and is reported.
 *
 * Library models need none: the scene AR view exports a whole scene in the browser (models of the library
 * included), and a library model is never a model project's own file.
 */
export interface BackfillReport {
  made: { id: number; key: string; bytes: number }[];
  failed: { id: number; message: string }[];
}

export async function backfillUsdz(
  deps: { db: Db; storage: Storage; convert?: (glb: Uint8Array) => Promise<Uint8Array> },
  opts: { batch?: number; onModel?(id: number): void } = {},
): Promise<BackfillReport> {
  const repo = createEditorRepository(deps.db);
  const convert = deps.convert ?? glbToUsdz;
  const report: BackfillReport = { made: [], failed: [] };
  let after = 0;
  for (;;) {
    const rows = await repo.modelsWithoutOutput(MODEL_USDZ_OUTPUT, after, opts.batch ?? 20);
    if (rows.length === 0) return report;
    for (const a of rows) {
      after = a.id;
      opts.onModel?.(a.id);
      const glbKey = a.outputs.model;
      const key = `assets/${a.projectId}/${a.id}/${MODEL_USDZ_OUTPUT}.usdz`;
      try {
        const stream = glbKey ? await deps.storage.get(glbKey) : null;
        if (!stream) throw new Error(`the model file ${glbKey ?? ''} is missing`);
        const usdz = await convert(new Uint8Array(await buffer(stream)));
        await deps.storage.put(key, Buffer.from(usdz), 'model/vnd.usdz+zip', usdz.byteLength);
        const updated = await repo.addAssetOutput(a.id, MODEL_USDZ_OUTPUT, key, usdz.byteLength);
        // replaced or deleted meanwhile: the file is an orphan
        if (!updated) await deps.storage.delete(key).catch(() => undefined);
        else report.made.push({ id: a.id, key, bytes: usdz.byteLength });
      } catch (err) {
        report.failed.push({ id: a.id, message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
}
