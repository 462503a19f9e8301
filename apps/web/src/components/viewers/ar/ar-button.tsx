import './ar.css';
import { Button, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { type ArTarget, arLabels, isTabletop, launchAr } from './ar-launch';
import { ArQrDialog } from './ar-qr';
import { type ArMode, detectArMode } from './ar-support';

export interface ArButtonProps extends Pick<ButtonProps, 'size' | 'type'> {
  /** A model (its GLB and the pipeline's USDZ, signed URLs) or a whole 3D scene (its details). */
  target: ArTarget;
  /** The picture inside the Quick Look link (Safari needs an `<img>` as the link's child). */
  thumbnailUrl?: string;
  /** The page was opened from the QR code (`?ar=1`): the button stands out. */
  highlight?: boolean;
}

/**
 * "View in AR": WebXR `immersive-ar` with floor placement where the browser has it (Android Chrome), AR Quick Look on
 * iOS (the pipeline's USDZ of a model, or one exported in the browser for a scene or an older model), and on other
 * devices (desktop) a dialog with a QR code of this page that opens the AR view on a phone. A model shows at its real
 * size, a scene as a tabletop view of about 1 m. The three.js code loads only when AR starts.
 */
export function ArButton({ target, thumbnailUrl, highlight, ...button }: ArButtonProps) {
  const { t } = useTranslation('ar');
  const { message } = useFeedback();
  const [mode, setMode] = useState<ArMode | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const tabletop = isTabletop(target);
  const usdzUrl = tabletop ? undefined : target.usdzUrl;

  useEffect(() => {
    let live = true;
    // without the pipeline's USDZ, Quick Look gets one exported in the browser
    void detectArMode(true).then((m) => live && setMode(m));
    return () => {
      live = false;
    };
  }, []);

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
    if (mode !== 'webxr' && mode !== 'quicklook') {
      setQrOpen(true);
      return;
    }
    setStarting(true);
    try {
      await launchAr(target, mode, arLabels(t));
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
        data-ar-scale={tabletop ? 'tabletop' : 'real'}
      >
        {label}
      </Button>
      {qrOpen ? <ArQrDialog tabletop={tabletop} onClose={() => setQrOpen(false)} /> : null}
    </>
  );
}
