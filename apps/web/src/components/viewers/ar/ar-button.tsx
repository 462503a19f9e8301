import './ar.css';
import { Button, type ButtonProps, Modal, QRCode } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { type ArMode, arPageUrl, detectArMode } from './ar-support';

export interface ArButtonProps extends Pick<ButtonProps, 'size' | 'type'> {
  /** The GLB (signed URL) placed by WebXR. */
  glbUrl: string;
  /** The USDZ (signed URL) AR Quick Look opens on iOS. */
  usdzUrl?: string;
  /** The picture inside the Quick Look link (Safari needs an `<img>` as the link's child). */
  thumbnailUrl?: string;
  /** A scene of many objects: shown as a tabletop view scaled to about 1 m, not at real size. */
  tabletop?: boolean;
  /** The page was opened from the QR code (`?ar=1`): the button stands out. */
  highlight?: boolean;
}

/**
 * "View in AR": WebXR `immersive-ar` with floor placement where the browser has it (Android Chrome), AR Quick Look
 * with the pipeline's USDZ on iOS, and on other devices (desktop) a dialog with a QR code of this page that opens
 * the AR view on a phone. The three.js session code loads only when AR starts.
 */
export function ArButton({ glbUrl, usdzUrl, thumbnailUrl, tabletop, highlight, ...button }: ArButtonProps) {
  const { t } = useTranslation('ar');
  const { message } = useFeedback();
  const [mode, setMode] = useState<ArMode | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let live = true;
    void detectArMode(!!usdzUrl).then((m) => live && setMode(m));
    return () => {
      live = false;
    };
  }, [usdzUrl]);

  const label = t('button');
  const type = highlight ? 'primary' : button.type;

  if (mode === 'quicklook' && usdzUrl) {
    return (
      <a className={`ant-btn xr-ar-link${highlight ? ' xr-ar-link--primary' : ''}`} rel="ar" href={usdzUrl} data-testid="ar-open">
        <img src={thumbnailUrl ?? ''} alt="" className="xr-ar-link__img" />
        <span>{label}</span>
      </a>
    );
  }

  const start = async () => {
    if (mode !== 'webxr') {
      setQrOpen(true);
      return;
    }
    setStarting(true);
    try {
      const { startArSession } = await import('./ar-session');
      await startArSession({
        glbUrl,
        fitTo: tabletop ? 1 : undefined,
        labels: {
          reset: t('reset'),
          exit: t('exit'),
          smaller: t('smaller'),
          larger: t('larger'),
          aim: t('aim'),
          placed: t('placed'),
          tabletop: t('tabletop'),
        },
      });
    } catch {
      message.error(t('failed'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <Button
        {...button}
        type={type}
        loading={starting}
        disabled={mode === null}
        onClick={() => void start()}
        data-testid="ar-open"
        data-ar-mode={mode ?? ''}
      >
        {label}
      </Button>
      {qrOpen ? (
        <Modal open title={label} footer={null} onCancel={() => setQrOpen(false)} width={360} centered>
          <figure className="xr-ar-qr" data-testid="ar-qr">
            <QRCode value={arPageUrl(window.location.href)} size={200} bordered={false} />
            <figcaption>{t('qrHint')}</figcaption>
          </figure>
          <p className="xr-muted xr-ar-qr__scale">{tabletop ? t('tabletop') : t('realScale')}</p>
        </Modal>
      ) : null}
    </>
  );
}
