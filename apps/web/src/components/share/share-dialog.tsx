import './share.css';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { pickText } from '@xr/contract/scenes';
import type { EmbedOptions, ShareInfo } from '@xr/contract/share';
import { embedSrc } from '@xr/contract/share';
import { Alert, Button, Input, InputNumber, Modal, QRCode, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { HttpError } from '../../lib/http';
import { currentLang } from '../../lib/i18n';
import { shareInfoQuery } from '../api/share';
import { CUSTOM_LIMITS, DEFAULT_CHOICE, EMBED_SIZES, type EmbedChoice, embedCode, frameSize } from './embed-code';

/** Writes `text` to the clipboard: the async Clipboard API, else a selected hidden textarea and the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

type Copied = 'link' | 'code' | null;

/** A copy button that says "Copied" for two seconds after it worked. */
function CopyButton({ what, copied, onCopy }: { what: 'link' | 'code'; copied: Copied; onCopy(): void }) {
  const { t } = useTranslation('share');
  const done = copied === what;
  return (
    <Button
      type={what === 'code' ? 'primary' : 'default'}
      icon={done ? <CheckOutlined /> : <CopyOutlined />}
      onClick={onCopy}
      data-testid={`share-copy-${what}`}
      aria-live="polite"
    >
      {done ? t('copied') : t(what === 'link' ? 'copyLink' : 'copyCode')}
    </Button>
  );
}

/** The options' preview: the frame's shape (cover inside), or the viewer itself in it once asked for. */
function Preview({ info, choice }: { info: ShareInfo; choice: EmbedChoice }) {
  const { t } = useTranslation('share');
  const [live, setLive] = useState(false);
  const size = frameSize(choice);
  const ratio = size ? `${size.width} / ${size.height}` : '16 / 9';
  const src = embedSrc(info.embed_url, choice);
  return (
    <div className="xr-share__preview-wrap">
      <div
        className="xr-share__preview"
        style={{
          aspectRatio: ratio,
          maxWidth: Math.min(480, size ? size.width : 480, size ? (270 * size.width) / size.height : 480),
        }}
        data-testid="share-preview"
        data-ratio={ratio}
      >
        {live ? (
          <iframe src={src} title={info.name} allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer" />
        ) : (
          <>
            {info.cover ? <img src={info.cover} alt="" /> : null}
            <span className="xr-share__preview-label">{size ? `${size.width} × ${size.height}` : t('previewResponsive')}</span>
          </>
        )}
      </div>
      <Button size="small" type="link" onClick={() => setLive((v) => !v)} data-testid="share-preview-live">
        {live ? t('previewHide') : t('previewLoad')}
      </Button>
    </div>
  );
}

function ShareBody({ info }: { info: ShareInfo }) {
  const { t } = useTranslation('share');
  const { message } = useFeedback();
  const [choice, setChoice] = useState<EmbedChoice>(DEFAULT_CHOICE);
  const [copied, setCopied] = useState<Copied>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const ids = { size: useId(), scene: useId(), lang: useId(), rotate: useId(), link: useId(), code: useId() };
  const set = (patch: Partial<EmbedChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const code = embedCode(info.embed_url, info.name, choice);
  const lang = currentLang();

  const copy = async (what: 'link' | 'code') => {
    if (await copyText(what === 'link' ? info.share_url : code)) {
      setCopied(what);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(null), 2000);
      void message.success(t(what === 'link' ? 'copiedLink' : 'copiedCode'));
    } else void message.error(t('copyFailed'));
  };

  return (
    <div className="xr-share" data-testid="share-dialog-body">
      <section className="xr-share__link">
        <div className="xr-share__link-main">
          <label htmlFor={ids.link} className="xr-share__label">
            {t('link')}
          </label>
          <Space.Compact block>
            <Input id={ids.link} readOnly value={info.share_url} onFocus={(e) => e.target.select()} data-testid="share-link" />
            <CopyButton what="link" copied={copied} onCopy={() => void copy('link')} />
          </Space.Compact>
          <p className="xr-share__hint">{t('linkHint')}</p>
        </div>
        <figure className="xr-share__qr" data-testid="share-qr">
          <QRCode value={info.share_url} size={112} bordered={false} />
          <figcaption>{t('qr')}</figcaption>
        </figure>
      </section>

      <section className="xr-share__embed">
        <h3 className="xr-share__label">{t('embed')}</h3>
        <p className="xr-share__hint">{t('embedHint')}</p>
        <div className="xr-share__options">
          <div className="xr-share__field">
            <label htmlFor={ids.size}>{t('size')}</label>
            <Select
              id={ids.size}
              value={choice.size}
              onChange={(size) => set({ size })}
              options={EMBED_SIZES.map((s) => ({ value: s, label: t(`sizes.${s}`) }))}
              data-testid="share-size"
            />
          </div>
          {choice.size === 'custom' ? (
            <div className="xr-share__field xr-share__field--custom">
              <InputNumber
                aria-label={t('width')}
                min={CUSTOM_LIMITS.width[0]}
                max={CUSTOM_LIMITS.width[1]}
                value={choice.width}
                onChange={(v) => set({ width: v ?? DEFAULT_CHOICE.width })}
                suffix="px"
                data-testid="share-width"
              />
              <span aria-hidden="true">×</span>
              <InputNumber
                aria-label={t('height')}
                min={CUSTOM_LIMITS.height[0]}
                max={CUSTOM_LIMITS.height[1]}
                value={choice.height}
                onChange={(v) => set({ height: v ?? DEFAULT_CHOICE.height })}
                suffix="px"
                data-testid="share-height"
              />
            </div>
          ) : null}
          {info.kind === 'tour' && info.scenes.length > 1 ? (
            <div className="xr-share__field">
              <label htmlFor={ids.scene}>{t('startScene')}</label>
              <Select
                id={ids.scene}
                value={choice.scene}
                onChange={(scene) => set({ scene })}
                options={[
                  { value: '', label: t('startDefault') },
                  ...info.scenes.map((s, i) => ({ value: s.id, label: pickText(s.name, lang) || t('sceneN', { n: i + 1 }) })),
                ]}
                data-testid="share-scene"
              />
            </div>
          ) : null}
          <div className="xr-share__field">
            <label htmlFor={ids.lang}>{t('language')}</label>
            <Select
              id={ids.lang}
              value={choice.lang}
              onChange={(l: EmbedOptions['lang']) => set({ lang: l })}
              options={[
                { value: '', label: t('langVisitor') },
                { value: 'zh', label: '简体中文' },
                { value: 'tc', label: '繁體中文' },
                { value: 'en', label: 'English' },
              ]}
              data-testid="share-lang"
            />
          </div>
          <div className="xr-share__field xr-share__field--switch">
            <Switch
              id={ids.rotate}
              checked={choice.autorotate}
              onChange={(autorotate) => set({ autorotate })}
              data-testid="share-autorotate"
            />
            <label htmlFor={ids.rotate}>{t('autorotate')}</label>
          </div>
        </div>
        <div className="xr-share__label">{t('preview')}</div>
        <Preview info={info} choice={choice} />
        <label htmlFor={ids.code} className="xr-share__label">
          {t('code')}
        </label>
        <Input.TextArea
          id={ids.code}
          readOnly
          value={code}
          autoSize={{ minRows: 3, maxRows: 6 }}
          onFocus={(e) => e.target.select()}
          className="xr-share__code"
          data-testid="share-code"
        />
        <div className="xr-share__code-actions">
          <CopyButton what="code" copied={copied} onCopy={() => void copy('code')} />
        </div>
      </section>
    </div>
  );
}

/**
 * The share dialog of a project (details page, tour and 3D editors): its link (a server-rendered page with the link
 * card, then the details page) with a QR code, and the embed code of the full-screen viewer with its options (size,
 * start scene, language, turning on its own), a preview of them and copy buttons. A project that cannot be shared
 * yet gets the reason instead.
 */
export default function ShareDialog({ projectId, open, onClose }: { projectId: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation('share');
  const info = useQuery({ ...shareInfoQuery(projectId), enabled: open });
  const unavailable = info.error instanceof HttpError && info.error.code === 40401;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={820}
      title={info.data ? t('title', { name: info.data.name }) : t('titlePlain')}
      destroyOnHidden
      className="xr-share-modal"
    >
      {info.data ? (
        <ShareBody info={info.data} />
      ) : info.isError ? (
        <Alert
          type={unavailable ? 'info' : 'error'}
          showIcon
          title={unavailable ? t('unavailable') : t('failed')}
          data-testid="share-unavailable"
        />
      ) : (
        <div className="xr-share__loading">
          <Spin aria-label={t('loading')} />
        </div>
      )}
    </Modal>
  );
}
