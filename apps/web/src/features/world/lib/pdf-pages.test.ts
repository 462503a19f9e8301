import { afterEach, describe, expect, it, vi } from 'vitest';

/** pdf.js as far as `pdfToImages` uses it: a loading task, pages whose drawing can be cancelled. */
const pdf = vi.hoisted(() => {
  const state = {
    taskDestroyed: 0,
    docDestroyed: 0,
    renderCancelled: 0,
    rendersStarted: 0,
  };
  const doc = {
    numPages: 3,
    destroy: async () => {
      state.docDestroyed++;
    },
    getPage: async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 100 * scale, height: 50 * scale }),
      cleanup: () => undefined,
      render: () => {
        state.rendersStarted++;
        let fail: (e: Error) => void = () => undefined;
        return {
          promise: new Promise<void>((_r, reject) => {
            fail = reject;
          }),
          cancel: () => {
            state.renderCancelled++;
            fail(new Error('Rendering cancelled'));
          },
        };
      },
    }),
  };
  return {
    state,
    lib: {
      GlobalWorkerOptions: { workerPort: null as unknown },
      getDocument: () => ({
        promise: Promise.resolve(doc),
        destroy: async () => {
          state.taskDestroyed++;
        },
      }),
    },
  };
});
vi.mock('pdfjs-dist', () => pdf.lib);
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/pdf.worker.js' }));
vi.stubGlobal(
  'Worker',
  class {
    terminate() {}
  },
);

const { isAbort, pdfToImages } = await import('./pdf-pages');
const pdfFile = () => new File(['%PDF-1.4 fake'], 'deck.pdf', { type: 'application/pdf' });

afterEach(() => {
  Object.assign(pdf.state, { taskDestroyed: 0, docDestroyed: 0, renderCancelled: 0, rendersStarted: 0 });
});

describe('pdfToImages stops when its signal aborts', () => {
  it('cancels the page being drawn, destroys the document and rejects with an AbortError', async () => {
    const job = new AbortController();
    const onPage = vi.fn();
    const run = pdfToImages(pdfFile(), { signal: job.signal, onPage });
    await vi.waitFor(() => expect(pdf.state.rendersStarted).toBe(1));
    job.abort();
    const err = await run.catch((e: unknown) => e);
    expect(isAbort(err)).toBe(true);
    expect(pdf.state.renderCancelled).toBe(1);
    expect(pdf.state.taskDestroyed).toBe(1);
    expect(pdf.state.docDestroyed).toBe(1);
    // only "0 of 3" was reported: no page finished, none after the abort
    expect(onPage.mock.calls).toEqual([[0, 3]]);
    expect(pdf.state.rendersStarted).toBe(1);
  });

  it('an already aborted signal starts nothing', async () => {
    const job = new AbortController();
    job.abort();
    const err = await pdfToImages(pdfFile(), { signal: job.signal }).catch((e: unknown) => e);
    expect(isAbort(err)).toBe(true);
    expect(pdf.state.rendersStarted).toBe(0);
  });
});
