import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkAvatarBudget } from '@xr/contract/avatars';
import { isJobFailureReason } from '@xr/contract/jobs';
import { type JobQueue, PermanentJobError } from '../../lib/jobs';
import { PipelineError } from '../../lib/pipeline/errors';
import type { PipelinePool } from '../../lib/pipeline/pool';
import type { Storage } from '../../lib/storage';
import { AVATAR_JOB, type AvatarJobPayload, type AvatarsService } from './avatars.service';

/**
 * Registers the avatar check: copies the uploaded original to the job's scratch folder, lets a pipeline worker
 * validate and measure it and render a thumbnail, then applies the avatar budget (`checkAvatarBudget`): over budget
 * the job fails with the budget's reason code and the avatar keeps the figure found; otherwise the model and the
 * thumbnail (as preview) are stored and the avatar is ready. Refusals are permanent (never retried).
 */
export function registerAvatarJobs({
  jobs,
  avatars,
  storage,
  pipeline: steps,
}: {
  jobs: JobQueue;
  avatars: AvatarsService;
  storage: Storage;
  pipeline: PipelinePool;
}) {
  jobs.register<AvatarJobPayload>(
    AVATAR_JOB,
    async (ctx) => {
      const row = await avatars.byId(ctx.payload.avatarId);
      if (!row?.originalKey || !row.modelFormat) return { skipped: 'avatar deleted' };
      const workDir = await ctx.scratchDir();
      try {
        const input = path.join(workDir, `original.${row.modelFormat}`);
        const body = await storage.get(row.originalKey);
        if (!body) throw new PermanentJobError('original_missing', `original ${row.originalKey} missing`);
        await pipeline(body, (await fs.open(input, 'w')).createWriteStream());
        let result: Awaited<ReturnType<PipelinePool['processAvatar']>>;
        try {
          result = await steps.processAvatar({
            inputPath: input,
            originalName: row.modelFilename ?? `avatar.${row.modelFormat}`,
            workDir: path.join(workDir, 'out'),
            onProgress: (p) => {
              ctx.progress(p).catch(() => undefined);
            },
            signal: ctx.signal,
          });
        } catch (err) {
          if (err instanceof PipelineError && err.permanent) {
            const reason = isJobFailureReason(err.reason) ? err.reason : 'processing_failed';
            throw new PermanentJobError(reason, err.message, { cause: err });
          }
          throw err;
        }
        const over = checkAvatarBudget(result.stats);
        if (over) {
          await avatars.modelFailed(row.id, over.reason, { value: over.value, stats: result.stats });
          throw new PermanentJobError(over.reason, `${over.reason}: ${over.value} > ${over.limit}`);
        }
        const modelKey = `avatars/${row.userId}/${row.id}/model.${result.format}`;
        await storage.put(modelKey, createReadStream(result.modelPath), undefined, (await fs.stat(result.modelPath)).size);
        const previewKey = `public/avatar-previews/${row.userId}/${row.id}-${crypto.randomBytes(8).toString('hex')}.png`;
        await storage.put(previewKey, await fs.readFile(result.thumbnailPath), 'image/png');
        const kept = await avatars.modelReady(row.id, { modelKey, previewKey, stats: result.stats });
        const stillUsed = kept && (await avatars.byId(row.id))?.previewKey === previewKey;
        if (!stillUsed) await storage.delete(previewKey).catch(() => undefined);
        if (!kept) await storage.delete(modelKey).catch(() => undefined);
        return { stats: result.stats };
      } catch (err) {
        // A step cancelled by shutdown is queued again; a refusal (or the last attempt) marks the avatar failed.
        if (!ctx.signal.aborted && (err instanceof PermanentJobError || ctx.final)) {
          const current = await avatars.byId(row.id);
          if (current && current.modelStatus !== 'failed') {
            await avatars.modelFailed(row.id, err instanceof PermanentJobError ? err.reason : 'processing_failed');
          }
        }
        throw err;
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    },
    {
      giveUp: async ({ avatarId }, reason) => {
        await avatars.modelFailed(avatarId, reason);
      },
    },
  );
}
