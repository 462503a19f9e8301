import { JOB_FAILURE_REASONS, type JobFailureReason } from '@xr/contract/jobs';

/** The job failures that are not the pipeline's own (the queue's: a missing original, too many crashes). */
type QueueReason = 'original_missing' | 'interrupted';

/**
 * Why the pipeline refused an input: the contract's job failure reasons (`JOB_FAILURE_REASONS`, where each is
 * described and translated) except the queue's own. The job stores the code (never the raw exception text, which
 * stays in the server log) and the web shows its translation.
 */
export type PipelineReason = Exclude<JobFailureReason, QueueReason>;
export const PIPELINE_REASONS: readonly PipelineReason[] = JOB_FAILURE_REASONS.filter(
  (r): r is PipelineReason => r !== 'original_missing' && r !== 'interrupted',
);

/**
 * A refusal of the asset pipeline: bad or unsupported input (not a bug), with a machine-readable `reason`.
 * `permanent` is always true: the same input fails the same way, so the job queue must not retry it
 * (asset-jobs.ts turns it into the queue's `PermanentJobError`).
 */
export class PipelineError extends Error {
  readonly reason: PipelineReason;
  readonly permanent = true;
  /**
   * The files the refusal is about, named as the upload names them (relative to it, never a server path): the
   * missing files of `missing_files`. Shown to the creator inside the reason's message.
   */
  readonly files?: string[];

  constructor(reason: PipelineReason, message: string, options?: { cause?: unknown; files?: string[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PipelineError';
    this.reason = reason;
    if (options?.files) this.files = options.files;
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
