// The file piscina loads in each worker thread. Plain ESM, so it runs whatever started the process (`node --import
// tsx` under `npm start`, the `tsx` CLI, vitest, the benchmarks): tsx's scoped loader compiles the TypeScript worker
// and its imports without registering a loader for the whole thread.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);

export const { model, avatar, panorama, video, library, generate } = worker;
