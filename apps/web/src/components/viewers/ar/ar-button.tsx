import './ar.css';
import type { Lang } from '@xr/contract/lang';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { type ArMode, detectArMode } from './ar-support';
import { type ArTexts, loadArTexts } from './ar-texts';
import { type ArTarget, isTabletop } from './scene-ar-content';

// antd's Modal and QRCode come on a desktop's tap, not with the page
const ArQrDialog = lazy(() => import('./ar-qr').then((m) => ({ default: m.ArQrDialog })));

export interface ArButtonProps {
  /** A model (its GLB and the pipeline's USDZ, signed URLs) or a whole 3D scene (its details). */
  target: ArTarget;
  /** The page's language: the AR texts of it are fetched on the tap. */
  lang: Lang;
  /** "View in AR" (`viewer:viewInAr`, a text both pages load with their first texts). */
  label: string;
  /** The picture inside the Quick Look link (Safari needs an `<img>` as the link's child). */
  thumbnailUrl?: string;
  /** The page was opened from the QR code (`?ar=1`): the button stands out (`<className>--primary`). */
  highlight?: boolean;
  /** The look of the page it sits on (`xr-ar-button`: an antd-like large button). */
  className?: string;
  /** Around the QR dialog where the page has no antd theme of its own (the lean viewer's frame). */
  frame?: ComponentType<{ children: ReactNode }>;
}

/**
 * "View in AR", the one entry of the details page and of the full-screen viewer: WebXR `immersive-ar` with floor
 * placement where the browser has it (Android Chrome), AR Quick Look on iOS, and on other devices (desktop) a dialog
 * with a QR code of this page that opens the AR view on a phone. A model shows at its real size, a 3D scene as a
 * tabletop view of about 1 m that a pinch (or "Real size") takes up to its real size, lit as in the viewer.
 *
 * iOS and scenes: AR Quick Look opens one USDZ, and the pipeline makes one per uploaded model, none for a scene (its
 * arrangement lives in the document). Rather than turning iOS visitors of a scene away to the QR code, the scene's USDZ
 * is built on the tap, in the browser, by three.js's USDZExporter (the exporter the pipeline runs in Node) from the
 * same loaded arrangement the WebXR view shows, scaled to the tabletop size (Quick Look's own pinch goes to real
 * size, and it lights the content itself: a USDZ from here carries no lights). It costs the models' download and a
 * second or two of export on the phone, under the button's busy state; a model made before the pipeline wrote USDZs
 * gets the same. With the pipeline's USDZ the button is a plain `rel="ar"` link, which Safari opens at once.
 *
 * Weight: this module is the button, the device check (`navigator.xr.isSessionSupported`, no download) and its CSS.
 * The session code (three.js, the GLTF loader, the USDZ exporter), the AR texts and the QR dialog (antd's Modal and
 * QRCode) are fetched on the tap; on a device that reports `immersive-ar` the session code and texts are fetched as
 * soon as it says so, so the session request stays close to the tap (browsers want a user gesture for it).
 */
export function ArButton({ target, lang, label, thumbnailUrl, highlight, className = 'xr-ar-button', frame }: ArButtonProps) {
  const [mode, setMode] = useState<ArMode | null>(null);
  const [qrTexts, setQrTexts] = useState<ArTexts | null>(null);
  const [starting, setStarting] = useState(false);
  const tabletop = isTabletop(target);
  const usdzUrl = tabletop ? undefined : target.usdzUrl;
  const cls = `${className}${highlight ? ` ${className}--primary` : ''}`;

  useEffect(() => {
    let live = true;
    // without the pipeline's USDZ, Quick Look gets one exported in the browser
    void detectArMode(true).then((m) => {
      if (!live) return;
      setMode(m);
      if (m === 'webxr') preloadWebXr(lang);
    });
    return () => {
      live = false;
    };
  }, [lang]);

  if (mode === 'quicklook' && usdzUrl) {
    return (
      <a className={`${cls} xr-ar-link`} rel="ar" href={usdzUrl} data-testid="ar-open" data-ar-mode={mode}>
        <img src={thumbnailUrl ?? ''} alt="" className="xr-ar-link__img" />
        <span>{label}</span>
      </a>
    );
  }

  const start = async () => {
    if (!mode || starting) return;
    setStarting(true);
    let texts: ArTexts | null = null;
    try {
      texts = await loadArTexts(lang);
      if (mode === 'qr') setQrTexts(texts);
      else {
        const { launchAr } = await import('./ar-launch');
        await launchAr(target, mode, texts);
      }
    } catch {
      if (texts) feedback.error(texts.failed);
    } finally {
      setStarting(false);
    }
  };

  const Frame = frame ?? Plain;
  return (
    <>
      <button
        type="button"
        className={cls}
        disabled={mode === null || starting}
        aria-busy={starting || undefined}
        onClick={() => void start()}
        data-testid="ar-open"
        data-ar-mode={mode ?? ''}
        data-ar-scale={tabletop ? 'tabletop' : 'real'}
      >
        <ArIcon />
        <span>{label}</span>
      </button>
      {qrTexts ? (
        <Frame>
          <Suspense fallback={null}>
            <ArQrDialog texts={qrTexts} tabletop={tabletop} onClose={() => setQrTexts(null)} />
          </Suspense>
        </Frame>
      ) : null}
    </>
  );
}

function Plain({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** On a device with `immersive-ar`: the session's code and texts, ahead of the tap. */
function preloadWebXr(lang: Lang): void {
  void import('./ar-launch').then((m) => m.preloadSession()).catch(() => undefined);
  void loadArTexts(lang).catch(() => undefined);
}

/** A cube in a frame: "place this object in your room". */
function ArIcon() {
  return (
    <svg className="xr-ar-button__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M12 3 4.5 7.2v9.6L12 21l7.5-4.2V7.2L12 3Zm0 2.3 5.2 2.9L12 11 6.8 8.2 12 5.3Zm-5.5 4.6 4.5 2.5v5.9l-4.5-2.5V9.9Zm6.5 8.4v-5.9l4.5-2.5v5.9L13 18.3Z"
        fill="currentColor"
      />
    </svg>
  );
}
