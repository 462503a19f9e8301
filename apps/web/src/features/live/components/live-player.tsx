import type { LiveProjection } from '@xr/contract/live';
import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The signed HTTP-FLV URL from check_password. */
  url: string;
  projection: LiveProjection;
  /** The FLV body ended or broke (the publisher stopped, the ticket expired): the page decides what next. */
  onStopped(): void;
  height?: number | string;
}

/**
 * Plays a live HTTP-FLV stream with mpegts.js (Media Source Extensions) on a `<video>`: shown as is for flat streams,
 * or as the texture of Photo Sphere Viewer's equirectangular video adapter for 360 streams (drag to look around).
 * mpegts.js and the viewer load only here. The video starts muted (browsers block autoplay with sound); the
 * container's `data-time` follows the video time (tests read it).
 */
export default function LivePlayer({ url, projection, onStopped, height = 480 }: Props) {
  const { t } = useTranslation('live');
  const box = useRef<HTMLDivElement>(null);
  const flat = useRef<HTMLVideoElement>(null);
  const stopped = useRef(onStopped);
  stopped.current = onStopped;
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      const mpegts = (await import('mpegts.js')).default;
      if (cancelled || !box.current) return;
      if (!mpegts.isSupported()) {
        setUnsupported(true);
        return;
      }
      const video = projection === 'flat' && flat.current ? flat.current : document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.crossOrigin = 'anonymous';
      const container = box.current;
      const onTime = () => container.setAttribute('data-time', video.currentTime.toFixed(2));
      video.addEventListener('timeupdate', onTime);
      cleanups.push(() => video.removeEventListener('timeupdate', onTime));

      if (projection === '360') {
        // The adapter waits for the element's metadata: create the viewer before the stream is attached.
        const [{ Viewer }, { EquirectangularVideoAdapter }, { VideoPlugin }] = await Promise.all([
          import('@photo-sphere-viewer/core'),
          import('@photo-sphere-viewer/equirectangular-video-adapter'),
          import('@photo-sphere-viewer/video-plugin'),
          import('@photo-sphere-viewer/core/index.css'),
          import('@photo-sphere-viewer/video-plugin/index.css'),
        ]);
        if (cancelled) return;
        const sphere = container.querySelector<HTMLDivElement>('[data-sphere]');
        if (!sphere) return;
        const viewer = new Viewer({
          container: sphere,
          adapter: [EquirectangularVideoAdapter, { autoplay: true, muted: true }],
          plugins: [[VideoPlugin, { progressbar: false, bigbutton: false }]],
          panorama: { source: video },
          navbar: ['videoPlay', 'videoVolume', 'zoom', 'move', 'fullscreen'],
          loadingTxt: '',
        });
        cleanups.push(() => viewer.destroy());
      }

      const player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: new URL(url, window.location.origin).href },
        { enableWorker: false, enableStashBuffer: false, liveBufferLatencyChasing: true, lazyLoad: false },
      );
      player.attachMediaElement(video);
      player.on(mpegts.Events.ERROR, () => stopped.current());
      player.on(mpegts.Events.LOADING_COMPLETE, () => stopped.current());
      player.load();
      void Promise.resolve(player.play()).catch(() => undefined);
      cleanups.push(() => {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      });
    })();
    return () => {
      cancelled = true;
      for (const c of cleanups.reverse()) c();
    };
  }, [url, projection]);

  if (unsupported) return <Alert type="warning" showIcon message={t('watch.unsupported')} />;
  return (
    <div ref={box} className="xr-live-player" data-testid="live-player" data-projection={projection} style={{ height }}>
      {projection === 'flat' ? (
        <video ref={flat} controls muted playsInline className="xr-live-video" data-testid="live-video" />
      ) : (
        <div data-sphere className="xr-live-sphere" />
      )}
    </div>
  );
}
