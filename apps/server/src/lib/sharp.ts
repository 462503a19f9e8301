import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~20 MiB of the process) loaded on first use instead of at start, so a server that has not yet
 * checked an image or run a pipeline step does not hold it (idle memory). Once loaded it stays
 * loaded: the pipeline pool calls this before its first worker starts, because libvips must never be unloaded
 * when a worker thread that also loaded it exits (sharp's documentation on worker threads).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
