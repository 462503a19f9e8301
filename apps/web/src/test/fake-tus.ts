import { vi } from 'vitest';

/** What the upload code hands tus-js-client's `Upload` and the tests call back through. */
export interface FakeTusOptions {
  metadata: Record<string, string>;
  onProgress(sent: number, total: number): void;
  onSuccess(payload: { lastResponse: { getHeader(name: string): string | undefined } }): void;
  onError(err: Error): void;
}

/**
 * A stand-in for tus-js-client's `Upload` for component tests of the upload pieces: it records every upload so a test
 * can drive its callbacks (`uploads.at(-1)?.options.onSuccess(…)`). Use with
 * `vi.mock('tus-js-client', async () => ({ Upload: (await import('…/test/fake-tus')).FakeUpload }))`.
 */
export class FakeUpload {
  url = '/api/uploads/abc';
  start = vi.fn();
  abort = vi.fn(async () => undefined);
  findPreviousUploads = vi.fn(async () => []);
  constructor(
    readonly file: File,
    readonly options: FakeTusOptions,
  ) {
    uploads.push(this);
  }
}

/** Every upload started since the test file began (tests may empty it). */
export const uploads: FakeUpload[] = [];
