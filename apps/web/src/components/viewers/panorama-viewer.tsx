import '@photo-sphere-viewer/core/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import { useEffect, useRef } from 'react';

export interface PanoramaViewerProps {
  /** Equirectangular image (or a video poster) URL. */
  src: string;
  /** Smaller preview shown while the full panorama loads. */
  preview?: string;
  height?: number | string;
  caption?: string;
}

/**
 * A 360 image viewer (Photo Sphere Viewer). The tiles adapter package is not installed in this app, so large
 * panoramas show their preview size first and the full image after it loads; the server's tiles stay unused here.
 */
export default function PanoramaViewer({ src, preview, height = 420, caption }: PanoramaViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const viewer = new Viewer({
      container: container.current,
      panorama: preview ?? src,
      caption,
      navbar: ['zoom', 'move', 'caption', 'fullscreen'],
      loadingTxt: '',
    });
    if (preview && preview !== src) {
      void viewer.addEventListener('ready', () => void viewer.setPanorama(src, { transition: false, showLoader: false }), {
        once: true,
      });
    }
    return () => viewer.destroy();
  }, [src, preview, caption]);
  return <div ref={container} className="xr-viewer" style={{ width: '100%', height }} data-testid="panorama-viewer" />;
}
