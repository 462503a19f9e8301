import { DeleteOutlined, FilePdfOutlined, LeftOutlined, RightOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import type { PresentState } from '@xr/contract/world';
import { WORLD_PDF_MAX_BYTES, WORLD_PDF_MAX_PAGES, WORLD_SLIDES_MAX } from '@xr/contract/world';
import { Alert, Button, Empty, Modal, Progress, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDE_ACCEPT, uploadSlide } from '../api/slide-upload';
import { isAbort, PdfPagesError, pdfToImages } from '../lib/pdf-pages';

/** Where a PDF's conversion is: rendering pages in this browser, then uploading them as slides. */
interface PdfProgress {
  step: 'render' | 'upload';
  done: number;
  total: number;
}

/** Percent of the whole job (rendering is the first half, uploading the second). */
export function pdfPercent(p: PdfProgress): number {
  if (p.total === 0) return 0;
  return Math.round(((p.step === 'render' ? 0 : p.total) + p.done) * (50 / p.total));
}

/**
 * The current slide as a panel (tour rooms, and a small copy in 3D rooms), with the pager for the presenting host:
 * previous / next / stop. Only hosts page; everyone else sees the page the host is on.
 */
export function SlidePanel({
  state,
  canPage,
  onPage,
  onStop,
  compact,
  video,
}: {
  state: PresentState;
  canPage: boolean;
  onPage(page: number): void;
  onStop(): void;
  compact?: boolean;
  /** A shared screen's video (presenter state `screen`). */
  video?: MediaStream | null;
}) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const url = state.urls[state.page];
  const count = state.urls.length;
  if (state.kind === 'screen') {
    return (
      <section
        className={`xr-room-slides${compact ? ' is-compact' : ''}`}
        aria-label={t('present.panel', { name: state.presenter_name })}
        data-testid="slide-panel"
        data-kind="screen"
      >
        {video ? <ScreenVideo stream={video} label={tt('screen.of', { name: state.presenter_name })} /> : <Spin />}
        <div className="xr-room-slides__bar">
          <span>{tt('screen.of', { name: state.presenter_name })}</span>
        </div>
      </section>
    );
  }
  return (
    <section
      className={`xr-room-slides${compact ? ' is-compact' : ''}`}
      aria-label={t('present.panel', { name: state.presenter_name })}
      data-testid="slide-panel"
      data-page={state.page}
    >
      {url ? (
        <img src={url} alt={t('present.slideN', { n: state.page + 1, count })} />
      ) : (
        <Empty description={t('present.none')} />
      )}
      <div className="xr-room-slides__bar">
        <span>
          {t('present.by', { name: state.presenter_name })} · {state.page + 1}/{count}
        </span>
        {canPage && (
          <span className="xr-room-slides__pager">
            <Button
              size="small"
              icon={<LeftOutlined />}
              disabled={state.page <= 0}
              onClick={() => onPage(state.page - 1)}
              aria-label={t('present.prev')}
            />
            <Button
              size="small"
              icon={<RightOutlined />}
              disabled={state.page >= count - 1}
              onClick={() => onPage(state.page + 1)}
              aria-label={t('present.next')}
              data-testid="slide-next"
            />
            <Button size="small" danger icon={<StopOutlined />} onClick={onStop}>
              {t('present.stop')}
            </Button>
          </span>
        )}
      </div>
    </section>
  );
}

/** A live video of a stream (a shared screen), muted, inline. */
export function ScreenVideo({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    void v.play?.()?.catch(() => undefined);
    return () => {
      v.srcObject = null;
    };
  }, [stream]);
  return <video ref={ref} muted playsInline autoPlay aria-label={label} data-testid="screen-video" />;
}

/**
 * A host chooses slides: uploads pictures (PNG, JPEG or WebP) that become the slides in order, or a PDF whose pages
 * are rendered to pictures in this browser (pdf.js, loaded only here) and uploaded the same way with a progress bar;
 * can remove some, and starts presenting at the first. Closing the dialog (or "Stop") while a PDF is converted stops
 * the conversion: the page rendering and the upload under way are aborted and no further page is uploaded.
 */
export function PresentDialog({
  open,
  onClose,
  onStart,
}: {
  open: boolean;
  onClose(): void;
  onStart(urls: string[], kind: 'slides' | 'pdf'): Promise<unknown>;
}) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const [urls, setUrls] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [starting, setStarting] = useState(false);
  const [pdf, setPdf] = useState<PdfProgress | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [fromPdf, setFromPdf] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  /** The PDF conversion under way (aborted when the dialog closes or the host stops it). */
  const conversion = useRef<AbortController | null>(null);
  const stopConversion = () => {
    conversion.current?.abort();
    conversion.current = null;
  };
  // leaving the room (the dialog goes away) stops a conversion too
  useEffect(() => () => conversion.current?.abort(), []);
  const close = () => {
    stopConversion();
    onClose();
  };
  const addPdf = async (file: File | undefined) => {
    if (!file) return;
    stopConversion();
    const job = new AbortController();
    conversion.current = job;
    const { signal } = job;
    setPdfError(null);
    setPdf({ step: 'render', done: 0, total: 0 });
    try {
      const pages = await pdfToImages(file, {
        signal,
        onPage: (done, total) => !signal.aborted && setPdf({ step: 'render', done, total }),
      });
      if (signal.aborted) return;
      if (pages.length > WORLD_SLIDES_MAX - urls.length) throw new PdfPagesError('tooManyPages', pages.length);
      const added: string[] = [];
      for (const [i, page] of pages.entries()) {
        if (signal.aborted) return;
        setPdf({ step: 'upload', done: i, total: pages.length });
        added.push((await uploadSlide(page, signal)).url);
      }
      if (signal.aborted) return;
      setUrls((u) => [...u, ...added]);
      setFromPdf(true);
    } catch (e) {
      // cancelled by the host: nothing to report
      if (isAbort(e, signal)) return;
      const reason = e instanceof PdfPagesError ? e.reason : 'upload';
      setPdfError(
        tt(`pdf.error.${reason}`, {
          pages: e instanceof PdfPagesError ? e.pages : 0,
          max: WORLD_PDF_MAX_PAGES,
          mb: WORLD_PDF_MAX_BYTES / 1024 / 1024,
        }),
      );
    } finally {
      // a newer conversion owns the progress now
      if (conversion.current === job || conversion.current === null) setPdf(null);
      if (conversion.current === job) conversion.current = null;
    }
  };
  const add = async (files: FileList | null) => {
    const list = [...(files ?? [])].slice(0, WORLD_SLIDES_MAX - urls.length);
    setUploading((n) => n + list.length);
    for (const f of list) {
      try {
        const r = await uploadSlide(f);
        setUrls((u) => [...u, r.url]);
      } catch {
        // the HTTP client showed why
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const start = async () => {
    setStarting(true);
    try {
      await onStart(urls, fromPdf ? 'pdf' : 'slides');
      onClose();
    } catch {
      // shown by the caller
    } finally {
      setStarting(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('present.title')}
      okText={t('present.start')}
      cancelText={t('cancel')}
      onOk={() => void start()}
      okButtonProps={{ disabled: urls.length === 0 || uploading > 0 || !!pdf, loading: starting, id: 'present-start' }}
    >
      <p>{t('present.hint')}</p>
      <p className="xr-room-slide-hint">{tt('pdf.hint', { max: WORLD_PDF_MAX_PAGES, mb: WORLD_PDF_MAX_BYTES / 1024 / 1024 })}</p>
      <input
        ref={pdfInput}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid="pdf-file"
        onChange={(e) => {
          void addPdf(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <input
        ref={input}
        type="file"
        accept={SLIDE_ACCEPT}
        multiple
        hidden
        data-testid="slide-file"
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
      />
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          onClick={() => input.current?.click()}
          disabled={urls.length >= WORLD_SLIDES_MAX || !!pdf}
        >
          {t('present.upload')}
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => pdfInput.current?.click()}
          disabled={urls.length >= WORLD_SLIDES_MAX || !!pdf}
          data-testid="pdf-choose"
        >
          {tt('pdf.choose')}
        </Button>
        {uploading > 0 && <Spin size="small" />}
      </Space>
      {pdf && (
        <div className="xr-room-pdf-progress" data-testid="pdf-progress" aria-live="polite">
          <span>
            {pdf.total === 0
              ? tt('pdf.opening')
              : pdf.step === 'render'
                ? tt('pdf.rendering', { done: Math.min(pdf.done + 1, pdf.total), total: pdf.total })
                : tt('pdf.uploading', { done: pdf.done + 1, total: pdf.total })}
          </span>
          <Progress percent={pdfPercent(pdf)} size="small" status="active" />
          <Button size="small" icon={<StopOutlined />} onClick={stopConversion} data-testid="pdf-cancel">
            {tt('pdf.cancel')}
          </Button>
        </div>
      )}
      {pdfError && (
        <Alert
          type="error"
          showIcon
          message={pdfError}
          closable
          onClose={() => setPdfError(null)}
          style={{ marginTop: 12 }}
          data-testid="pdf-error"
        />
      )}
      <ol className="xr-room-slide-list">
        {urls.map((u, i) => (
          <li key={u}>
            <img src={u} alt={t('present.slideN', { n: i + 1, count: urls.length })} />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('present.remove', { n: i + 1 })}
              onClick={() => setUrls((list) => list.filter((x) => x !== u))}
            />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
