import { WORLD_PDF_MAX_BYTES, WORLD_PDF_MAX_PAGES } from '@xr/contract/world';

/** Why a PDF could not become slides (each has a message in the `roomtools` namespace, `pdf.error.<reason>`). */
export type PdfFailure = 'notPdf' | 'tooBig' | 'tooManyPages' | 'encrypted' | 'unreadable' | 'empty';

export class PdfPagesError extends Error {
  constructor(
    readonly reason: PdfFailure,
    /** The page count, for `tooManyPages`. */
    readonly pages = 0,
  ) {
    super(`pdf: ${reason}`);
  }
}

/** Width (px) each page is rendered at: sharp on a room's screen, a few hundred kB as JPEG. */
export const PDF_PAGE_WIDTH = 1600;
const JPEG_QUALITY = 0.86;

type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded on first use only (presenter mode), with its worker from the app's own origin (a module worker the
 * bundler emits next to the app: allowed by the CSP's `worker-src 'self' blob:`; no eval, no CDN).
 */
function pdfjs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerPort = new Worker(worker.default, { type: 'module' });
    return lib;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The error a conversion stopped by its `signal` rejects with (`isAbort` recognises it and the HTTP client's). */
export const abortError = () => new DOMException('aborted', 'AbortError');

/** Whether an error means "the user cancelled" (our AbortError, or an HTTP call aborted through its signal). */
export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return !!signal?.aborted || (e as { name?: string } | null)?.name === 'AbortError';
}

/** Checks what can be checked before reading the file: its type and size. */
export function checkPdfFile(file: Pick<File, 'name' | 'type' | 'size'>): PdfFailure | null {
  const named = /\.pdf$/i.test(file.name);
  if (file.type !== 'application/pdf' && !named) return 'notPdf';
  if (file.size > WORLD_PDF_MAX_BYTES) return 'tooBig';
  if (file.size === 0) return 'empty';
  return null;
}

/**
 * Renders every page of a PDF to a JPEG in this browser (the server never parses PDFs): pages ≤ WORLD_PDF_MAX_PAGES,
 * file ≤ WORLD_PDF_MAX_BYTES, not password-protected. `onPage(done, total)` reports progress; `signal` stops it at
 * once: the document's loading task and the page being drawn are cancelled, the worker's copy destroyed, and the
 * promise rejects with an AbortError (the presenter dialog aborts when it is closed mid-conversion).
 */
export async function pdfToImages(
  file: File,
  opts: { onPage?(done: number, total: number): void; signal?: AbortSignal } = {},
): Promise<File[]> {
  const { signal } = opts;
  const bad = checkPdfFile(file);
  if (bad) throw new PdfPagesError(bad);
  const lib = await pdfjs();
  if (signal?.aborted) throw abortError();
  const data = new Uint8Array(await file.arrayBuffer());
  if (!(data[0] === 0x25 && data[1] === 0x50 && data[2] === 0x44 && data[3] === 0x46)) throw new PdfPagesError('notPdf');
  if (signal?.aborted) throw abortError();
  const task = lib.getDocument({ data, isEvalSupported: false, enableXfa: false });
  /** The page being drawn now (cancelled on abort). */
  let rendering: { cancel(): void } | null = null;
  const onAbort = () => {
    rendering?.cancel();
    void task.destroy();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    signal?.removeEventListener('abort', onAbort);
    if (signal?.aborted) throw abortError();
    throw new PdfPagesError((e as { name?: string })?.name === 'PasswordException' ? 'encrypted' : 'unreadable');
  }
  try {
    const total = doc.numPages;
    if (total === 0) throw new PdfPagesError('empty');
    if (total > WORLD_PDF_MAX_PAGES) throw new PdfPagesError('tooManyPages', total);
    const base = file.name.replace(/\.pdf$/i, '').slice(0, 60) || 'slide';
    const out: File[] = [];
    opts.onPage?.(0, total);
    for (let n = 1; n <= total; n++) {
      if (signal?.aborted) throw abortError();
      const page = await doc.getPage(n);
      const unit = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(4, PDF_PAGE_WIDTH / unit.width) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      try {
        const render = page.render({ canvas, viewport, background: '#ffffff' });
        rendering = render;
        await render.promise;
      } catch {
        throw signal?.aborted ? abortError() : new PdfPagesError('unreadable');
      } finally {
        rendering = null;
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
      if (signal?.aborted) throw abortError();
      page.cleanup();
      canvas.width = 0;
      canvas.height = 0;
      if (!blob) throw new PdfPagesError('unreadable');
      out.push(new File([blob], `${base}-${n}.jpg`, { type: 'image/jpeg' }));
      opts.onPage?.(n, total);
    }
    return out;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    void doc.destroy();
  }
}
