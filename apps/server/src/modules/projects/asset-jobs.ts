import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isJobFailureReason } from '@xr/contract/jobs';
import { MODEL_COARSE_OUTPUT, MODEL_USDZ_OUTPUT } from '@xr/contract/model-outputs';
import { type JobContext, type JobQueue, PermanentJobError } from '../../lib/jobs';
import { PipelineError } from '../../lib/pipeline/errors';
import type { PipelinePool } from '../../lib/pipeline/pool';
import type { Storage } from '../../lib/storage';
import { ASSET_BACKGROUND_JOB, ASSET_JOB, type AssetJobPayload, type AssetsService } from './assets.service';

type Outputs = { files: Record<string, string>; result: unknown };

/**
 * Registers the asset-processing job: copies the original to a scratch folder, runs the pipeline step of its kind
 * (3D model → optimized GLB + thumbnail + report; 360 image → previews and tiles; video → metadata + poster) in a worker
 * thread of `pipeline`, stores the outputs next to the original and marks the asset ready (a replacement then takes
 * the place of the project's earlier files of its kind) or failed. A pipeline refusal is permanent (never retried):
 * the job's error is the pipeline's reason code, its details go to the server log. Only file copies and database
 * writes happen on the API's event loop.
 */
export function registerAssetJobs({
  jobs,
  assets,
  storage,
  pipeline: steps,
}: {
  jobs: JobQueue;
  assets: AssetsService;
  storage: Storage;
  pipeline: PipelinePool;
}) {
  const giveUp = async ({ assetId }: AssetJobPayload) => {
    await assets.setAssetState(assetId, { status: 'failed' });
  };
  const processAsset = async (ctx: JobContext<AssetJobPayload>, background: boolean) => {
    const asset = await assets.assetById(ctx.payload.assetId);
    if (!asset) return { skipped: 'asset deleted' };
    await assets.setAssetState(asset.id, { status: 'processing' });
    // The queue's scratch folder of this attempt: removed when the attempt ends, swept after a crash.
    const workDir = await ctx.scratchDir();
    try {
      const input = path.join(workDir, `original.${asset.extension}`);
      const body = await storage.get(asset.originalKey);
      if (!body) throw new PermanentJobError('original_missing', `original ${asset.originalKey} missing`);
      await pipeline(body, (await fs.open(input, 'w')).createWriteStream());
      const onProgress = (p: number) => {
        ctx.progress(p).catch(() => undefined);
      };
      const out = path.join(workDir, 'out');
      // Stopping the queue (shutdown) cancels the step: its worker is terminated and the job queued again.
      const { signal } = ctx;
      let step: Outputs;
      try {
        if (asset.kind === 'model3d') {
          const r = await steps.processModel({
            inputPath: input,
            originalName: asset.filename,
            workDir: out,
            onProgress,
            signal,
            background,
          });
          const files: Record<string, string> = { model: r.glbPath, thumbnail: r.thumbnailPath };
          if (r.coarseGlbPath) files[MODEL_COARSE_OUTPUT] = r.coarseGlbPath;
          if (r.usdzPath) files[MODEL_USDZ_OUTPUT] = r.usdzPath;
          step = { files, result: { report: r.report } };
        } else if (asset.kind === 'image360') {
          const r = await steps.processPanorama({ inputPath: input, workDir: out, onProgress, signal, background });
          const files: Record<string, string> = {};
          for (const p of r.previews) files[`preview_${p.width}`] = p.path;
          for (const f of r.tiles?.files ?? []) files[`tile_${f.col}_${f.row}`] = f.path;
          const tiles = r.tiles && {
            cols: r.tiles.cols,
            rows: r.tiles.rows,
            width: r.tiles.width,
            tileWidth: r.tiles.tileWidth,
            tileHeight: r.tiles.tileHeight,
          };
          step = {
            files,
            result: {
              width: r.width,
              height: r.height,
              ratioOk: r.ratioOk,
              warnings: r.warnings,
              previews: r.previews.map((p) => ({ width: p.width, height: p.height })),
              tiles: tiles ?? null,
            },
          };
        } else if (asset.kind === 'video360' || asset.kind === 'video') {
          const { posterPath, ...probe } = await steps.probeVideo({ inputPath: input, workDir: out, signal, background });
          step = { files: posterPath ? { poster: posterPath } : {}, result: probe };
        } else {
          step = { files: {}, result: null };
        }
      } catch (err) {
        if (err instanceof PipelineError && err.permanent) {
          // Users see the reason, translated; the message (paths, parser output) stays in the log.
          throw new PermanentJobError(isJobFailureReason(err.reason) ? err.reason : 'processing_failed', err.message, {
            cause: err,
          });
        }
        throw err;
      }
      const outputs: Record<string, string> = {};
      let outputBytes = 0;
      for (const [name, file] of Object.entries(step.files)) {
        const key = `assets/${asset.projectId}/${asset.id}/${name}${path.extname(file)}`;
        const { size } = await fs.stat(file);
        await storage.put(key, createReadStream(file), undefined, size);
        outputs[name] = key;
        outputBytes += size;
      }
      // "ready" and the job's result (the model's report) are written in one transaction: whoever reads the asset
      // ready finds its report. The asset may have been replaced or deleted meanwhile: then the outputs are orphans.
      const updated = await assets.assetReady(asset.id, { outputs, outputBytes }, ctx.payload.replace === true, (tx) =>
        ctx.settle({ status: 'done', result: step.result }, tx),
      );
      if (!updated) await Promise.all(Object.values(outputs).map((k) => storage.delete(k)));
      return step.result;
    } catch (err) {
      // A step cancelled by shutdown is queued again, not failed. A failure for good is written with its reason
      // (and the files it names) in one transaction with the asset's "failed".
      if (!ctx.signal.aborted && (err instanceof PermanentJobError || ctx.final)) {
        const reason = err instanceof PermanentJobError ? err.reason : 'processing_failed';
        const cause = err instanceof PermanentJobError ? err.cause : undefined;
        const files = cause instanceof PipelineError ? cause.files : undefined;
        const error = err instanceof Error ? err.message : String(err);
        await assets.assetFailed(asset.id, (tx) =>
          ctx.settle({ status: 'failed', reason, error, result: files ? { files } : null }, tx),
        );
      }
      throw err;
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  };
  jobs.register<AssetJobPayload>(ASSET_JOB, (ctx) => processAsset(ctx, false), { giveUp });
  // The same work for files the platform adds itself (the demo catalogue): it yields to creators' uploads.
  jobs.register<AssetJobPayload>(ASSET_BACKGROUND_JOB, (ctx) => processAsset(ctx, true), { giveUp, background: true });
}
