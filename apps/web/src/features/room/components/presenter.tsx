import { DeleteOutlined, LeftOutlined, RightOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import type { PresentState } from '@xr/contract/world';
import { WORLD_SLIDES_MAX } from '@xr/contract/world';
import { Button, Empty, Modal, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDE_ACCEPT, uploadSlide } from '../api/slide-upload';

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
}: {
  state: PresentState;
  canPage: boolean;
  onPage(page: number): void;
  onStop(): void;
  compact?: boolean;
}) {
  const { t } = useTranslation('room');
  const url = state.urls[state.page];
  const count = state.urls.length;
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

/**
 * A host chooses slides: uploads pictures (PNG, JPEG or WebP) that become the slides in order, can remove some, and
 * starts presenting at the first.
 */
export function PresentDialog({
  open,
  onClose,
  onStart,
}: {
  open: boolean;
  onClose(): void;
  onStart(urls: string[]): Promise<unknown>;
}) {
  const { t } = useTranslation('room');
  const [urls, setUrls] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [starting, setStarting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
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
      await onStart(urls);
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
      onCancel={onClose}
      title={t('present.title')}
      okText={t('present.start')}
      cancelText={t('cancel')}
      onOk={() => void start()}
      okButtonProps={{ disabled: urls.length === 0 || uploading > 0, loading: starting, id: 'present-start' }}
    >
      <p>{t('present.hint')}</p>
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
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={urls.length >= WORLD_SLIDES_MAX}>
        {t('present.upload')}
      </Button>
      {uploading > 0 && <Spin size="small" style={{ marginLeft: 12 }} />}
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
