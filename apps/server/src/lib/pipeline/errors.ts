import type { JobFailureReason } from '@xr/contract/jobs';

/**
 * Why the pipeline refused an input. Every failure of a processing step carries one of these codes; the job stores
 * the code (never the raw exception text, which stays in the server log) and the web shows its translation.
 */
export const PIPELINE_REASONS = [
  'zip_bomb',
  'zip_escape',
  'zip_symlink',
  'too_many_pixels',
  'truncated',
  'unsupported_format',
  'max_unsupported',
  /** The file is not a readable model of its format (corrupt, or a variant the readers do not know). */
  'invalid_model',
  /** The model was read but holds no triangles (only lines, points, cameras or lights, or nothing). */
  'no_geometry',
  /** A zip holds no model file of a known format. */
  'no_model_in_archive',
  'validation_failed',
  /** The step needed more memory than a pipeline worker may use (PIPELINE_WORKER_MEMORY_MB). */
  'out_of_memory',
  /** Any other deterministic failure inside a step (a reader or optimiser bug on this input). */
  'processing_failed',
] as const satisfies readonly JobFailureReason[];

export type PipelineReason = (typeof PIPELINE_REASONS)[number];

/**
 * A refusal of the asset pipeline: bad or unsupported input (not a bug), with a machine-readable `reason`.
 * `permanent` is always true: the same input fails the same way, so the job queue must not retry it
 * (asset-jobs.ts turns it into the queue's `PermanentJobError`).
 */
export class PipelineError extends Error {
  readonly reason: PipelineReason;
  readonly permanent = true;

  constructor(reason: PipelineReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PipelineError';
    this.reason = reason;
  }
}

/** Errors of the machine rather than of the input (disk full, too many open files): worth a retry. */
const TRANSIENT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE', 'EIO', 'EAGAIN', 'ENOMEM', 'EBUSY']);

/**
 * Classifies anything thrown inside a step: a `PipelineError` stays as it is, a system error of the machine is
 * rethrown unchanged (retryable), anything else (a TypeError deep in a reader, an optimiser assertion) becomes
 * `processing_failed` — deterministic for this input, so never retried.
 */
export function asPipelineError(err: unknown, reason: PipelineReason = 'processing_failed'): unknown {
  if (err instanceof PipelineError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return err;
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new PipelineError(reason, message, { cause: err });
}

/** Progress callback: an integer percentage 0-100. */
export type ProgressFn = (percent: number) => void;

/** Wraps an optional progress callback so values are clamped, rounded and never go backwards. */
export function progress(fn: ProgressFn | undefined): ProgressFn {
  let last = -1;
  return (p) => {
    const v = Math.max(0, Math.min(100, Math.round(p)));
    if (v > last) {
      last = v;
      fn?.(v);
    }
  };
}
