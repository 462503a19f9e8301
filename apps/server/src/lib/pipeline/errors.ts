/** Why the pipeline refused an input; the job handler maps each reason to a user-facing message. */
export type PipelineReason =
  | 'zip_bomb'
  | 'zip_escape'
  | 'zip_symlink'
  | 'too_many_pixels'
  | 'truncated'
  | 'unsupported_format'
  | 'max_unsupported'
  | 'invalid_model'
  | 'validation_failed'
  /** The step needed more memory than a pipeline worker may use (PIPELINE_WORKER_MEMORY_MB). */
  | 'out_of_memory';

/** A refusal of the asset pipeline: bad or unsupported input (not a bug), with a machine-readable `reason`. */
export class PipelineError extends Error {
  readonly reason: PipelineReason;

  constructor(reason: PipelineReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PipelineError';
    this.reason = reason;
  }
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
