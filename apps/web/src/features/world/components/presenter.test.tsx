import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import { checkPdfFile, PdfPagesError } from '../lib/pdf-pages';
import { PresentDialog, pdfPercent } from './presenter';

const pdfToImages = vi.fn();
const uploadSlide = vi.fn();
vi.mock('../lib/pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf-pages')>()),
  pdfToImages: (...a: unknown[]) => pdfToImages(...a),
}));
vi.mock('../api/slide-upload', () => ({
  SLIDE_ACCEPT: 'image/png',
  uploadSlide: (...a: unknown[]) => uploadSlide(...a),
}));

setupScreenTests();

const pdfFile = () => new File(['%PDF-1.4'], 'deck.pdf', { type: 'application/pdf' });
const choosePdf = () => fireEvent.change(screen.getByTestId('pdf-file'), { target: { files: [pdfFile()] } });

describe('presenter dialog: a PDF becomes slides', () => {
  beforeEach(() => {
    pdfToImages.mockReset();
    uploadSlide.mockReset();
  });

  it('renders the pages, shows progress, uploads each page in order and starts a pdf presentation', async () => {
    let finishRender: (files: File[]) => void = () => undefined;
    pdfToImages.mockImplementation((_f: File, o: { onPage(d: number, t: number): void }) => {
      o.onPage(1, 2);
      return new Promise<File[]>((r) => {
        finishRender = r;
      });
    });
    uploadSlide.mockImplementation(async (f: File) => ({ url: `/api/files/public/${f.name}` }));
    const onStart = vi.fn(() => Promise.resolve());
    renderAt(<PresentDialog open onClose={() => undefined} onStart={onStart} />, '/');
    choosePdf();
    expect(await screen.findByText('Preparing page 2 of 2…')).toBeInTheDocument();
    expect(screen.getByTestId('pdf-progress')).toBeInTheDocument();
    finishRender([new File(['a'], 'deck-1.jpg'), new File(['b'], 'deck-2.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Slide/ })).toHaveLength(2));
    expect(uploadSlide.mock.calls.map((c) => (c[0] as File).name)).toEqual(['deck-1.jpg', 'deck-2.jpg']);
    expect(screen.queryByTestId('pdf-progress')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start presenting' }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith(['/api/files/public/deck-1.jpg', '/api/files/public/deck-2.jpg'], 'pdf'),
    );
  });

  it('says why a PDF is refused (too many pages, password) and adds nothing', async () => {
    pdfToImages.mockRejectedValueOnce(new PdfPagesError('tooManyPages', 75));
    renderAt(<PresentDialog open onClose={() => undefined} onStart={() => Promise.resolve()} />, '/');
    choosePdf();
    expect(await screen.findByTestId('pdf-error')).toHaveTextContent('The PDF has 75 pages; at most 40 can be shown');
    pdfToImages.mockRejectedValueOnce(new PdfPagesError('encrypted'));
    choosePdf();
    await waitFor(() => expect(screen.getByTestId('pdf-error')).toHaveTextContent('password-protected'));
    expect(uploadSlide).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start presenting' })).toBeDisabled();
  });
});

describe('presenter dialog: cancelling a PDF mid-conversion', () => {
  beforeEach(() => {
    pdfToImages.mockReset();
    uploadSlide.mockReset();
  });

  /** A pdfToImages that reports page 1 of 3 and settles only when its signal aborts (as the real one does). */
  const renderUntilAborted = () => {
    const seen: { signal?: AbortSignal } = {};
    pdfToImages.mockImplementation((_f: File, o: { onPage(d: number, t: number): void; signal: AbortSignal }) => {
      seen.signal = o.signal;
      o.onPage(0, 3);
      return new Promise<File[]>((_r, reject) =>
        o.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    return seen;
  };

  it('closing the dialog while pages are rendered aborts the rendering; nothing is uploaded, no error shown', async () => {
    const seen = renderUntilAborted();
    const onClose = vi.fn();
    renderAt(<PresentDialog open onClose={onClose} onStart={() => Promise.resolve()} />, '/');
    choosePdf();
    expect(await screen.findByText('Preparing page 1 of 3…')).toBeInTheDocument();
    expect(seen.signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(seen.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('pdf-progress')).toBeNull());
    expect(uploadSlide).not.toHaveBeenCalled();
    expect(screen.queryByTestId('pdf-error')).toBeNull();
  });

  it('"Stop" during the uploads aborts the upload under way and uploads no further page', async () => {
    pdfToImages.mockResolvedValue([new File(['a'], 'd-1.jpg'), new File(['b'], 'd-2.jpg'), new File(['c'], 'd-3.jpg')]);
    const signals: AbortSignal[] = [];
    uploadSlide.mockImplementation((f: File, signal: AbortSignal) => {
      signals.push(signal);
      if (f.name === 'd-1.jpg') return Promise.resolve({ url: '/api/files/public/d-1.jpg' });
      return new Promise((_r, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    renderAt(<PresentDialog open onClose={() => undefined} onStart={() => Promise.resolve()} />, '/');
    choosePdf();
    expect(await screen.findByText('Uploading page 2 of 3…')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('pdf-cancel'));
    await waitFor(() => expect(screen.queryByTestId('pdf-progress')).toBeNull());
    expect(signals).toHaveLength(2);
    expect(signals.every((x) => x.aborted)).toBe(true);
    expect(uploadSlide.mock.calls.map((c) => (c[0] as File).name)).toEqual(['d-1.jpg', 'd-2.jpg']);
    // a stopped conversion adds no slides and says nothing
    expect(screen.queryAllByRole('img', { name: /Slide/ })).toHaveLength(0);
    expect(screen.queryByTestId('pdf-error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start presenting' })).toBeDisabled();
  });
});

describe('pdf limits and progress arithmetic', () => {
  it('checks type and size before reading', () => {
    expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(checkPdfFile({ name: 'a.PDF', type: '', size: 10 })).toBeNull();
    expect(checkPdfFile({ name: 'a.png', type: 'image/png', size: 10 })).toBe('notPdf');
    expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 51 * 1024 * 1024 })).toBe('tooBig');
    expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
  });

  it('rendering is the first half of the bar, uploading the second', () => {
    expect(pdfPercent({ step: 'render', done: 0, total: 0 })).toBe(0);
    expect(pdfPercent({ step: 'render', done: 2, total: 4 })).toBe(25);
    expect(pdfPercent({ step: 'upload', done: 0, total: 4 })).toBe(50);
    expect(pdfPercent({ step: 'upload', done: 4, total: 4 })).toBe(100);
  });
});
