import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../components/test-utils';
import i18n from '../../../lib/i18n';
import { UploadProgress } from './upload-progress';

interface FakeOptions {
  metadata: Record<string, string>;
  headers: Record<string, string>;
  storeFingerprintForResuming: boolean;
  onProgress(sent: number, total: number): void;
  onSuccess(payload: { lastResponse: { getHeader(name: string): string | undefined } }): void;
  onError(err: Error): void;
}

const { uploads, FakeUpload } = vi.hoisted(() => {
  const uploads: InstanceType<typeof FakeUpload>[] = [];
  class FakeUpload {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => [{ uploadUrl: '/api/uploads/old' }]);
    constructor(
      readonly file: File,
      readonly options: FakeOptions,
    ) {
      uploads.push(this);
    }
  }
  return { uploads, FakeUpload };
});
vi.mock('tus-js-client', () => ({ Upload: FakeUpload }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  uploads.length = 0;
});

const choose = (name = 'room.glb', size = 1000) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(size)], name)] } });
};

describe('UploadProgress (tus)', () => {
  it('resumes a previous upload of the same file, shows progress, pauses and resumes', async () => {
    const onUploaded = vi.fn();
    renderAt(<UploadProgress kind="model3d" projectId={5} onUploaded={onUploaded} />, '/vrdata/list');
    choose();
    await vi.waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    const u = uploads[0]!;
    expect(u.resumeFromPreviousUpload).toHaveBeenCalledWith({ uploadUrl: '/api/uploads/old' });
    expect(u.options.storeFingerprintForResuming).toBe(true);
    expect(u.options.metadata).toMatchObject({ filename: 'room.glb', kind: 'model3d', project_id: '5' });
    expect(u.options.metadata.replace).toBeUndefined();

    act(() => u.options.onProgress(500, 1000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await userEvent.click(screen.getByRole('button', { name: /Pause/ }));
    expect(u.abort).toHaveBeenCalled();
    expect(screen.getByText(/Paused/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Resume/ }));
    expect(u.start).toHaveBeenCalledTimes(2);

    u.url = '/api/uploads/abc';
    // tus-js-client hands onSuccess the last HTTP response (the server names the new asset in X-Asset-Id).
    act(() => u.options.onSuccess({ lastResponse: { getHeader: (name: string) => (name === 'X-Asset-Id' ? '42' : undefined) } }));
    expect(onUploaded).toHaveBeenCalledWith('/api/uploads/abc', expect.any(File));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it("shows the server's refusal message", async () => {
    renderAt(<UploadProgress kind="model3d" onUploaded={vi.fn()} />, '/vrdata/list');
    choose('scene.max');
    await vi.waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    const err = Object.assign(new Error('refused'), {
      originalResponse: { getBody: () => JSON.stringify({ message: 'Illegal document: export it to FBX or glTF first' }) },
    });
    act(() => uploads[0]!.options.onError(err));
    expect(await screen.findByText('Illegal document: export it to FBX or glTF first')).toBeInTheDocument();
  });

  it('falls back to the illegal-document message when the server gives no text', async () => {
    renderAt(<UploadProgress kind="image" onUploaded={vi.fn()} />, '/vrdata/list');
    choose('x.png');
    await vi.waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    act(() => uploads[0]!.options.onError(new Error('network')));
    expect(await screen.findByText('Illegal document')).toBeInTheDocument();
  });

  it('warns that the original content will be replaced before replacing', async () => {
    renderAt(<UploadProgress kind="model3d" current="Current content" onUploaded={vi.fn()} />, '/vrdata/list');
    choose();
    expect(await screen.findByText('The original content will be replaced.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    expect(uploads[0]?.options.metadata.replace).toBe('1');
  });
});
