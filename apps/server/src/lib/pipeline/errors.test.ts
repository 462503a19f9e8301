import { describe, expect, it } from 'vitest';
import { asPipelineError, PIPELINE_REASONS, PipelineError } from './errors';

describe('pipeline failures', () => {
  it('turns any exception of a step into a permanent refusal with a reason code, except errors of the machine', () => {
    const typeError = asPipelineError(new TypeError("Cannot read properties of undefined (reading 'parents')"));
    expect(typeError).toBeInstanceOf(PipelineError);
    expect(typeError).toMatchObject({ reason: 'processing_failed', permanent: true });
    expect((typeError as PipelineError).message).toContain('TypeError');

    const refusal = new PipelineError('no_geometry', 'nothing to show');
    expect(asPipelineError(refusal)).toBe(refusal);

    // A full disk is worth a retry: it stays as it is.
    const disk = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    expect(asPipelineError(disk)).toBe(disk);
  });

  it('has a message for every reason in the contract (zh, tc, en)', async () => {
    const { isJobFailureReason, jobFailureMessage } = await import('@xr/contract/jobs');
    for (const reason of PIPELINE_REASONS) {
      expect(isJobFailureReason(reason), reason).toBe(true);
      for (const lang of ['zh', 'tc', 'en'] as const) expect(jobFailureMessage(reason, lang), reason).toBeTruthy();
    }
  });
});
