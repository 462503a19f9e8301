import './tour.css';
import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { parseTourDocument, type ResolvedMedia, type TourDocument, type TourHotspot } from '@xr/contract/scenes';
import { Button, Result, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneViewerProps } from '../scene-viewer-props';
import { langOf } from '../viewer-lang';
import { HotspotPopup } from './hotspot-popup';
import { registerTourLocales } from './tour-i18n';
import { actionOf, type HotspotAction, hotspotLabel, mediaUrl, sceneName, thumbnailOf, viewAfterLink } from './tour-logic';
import { TourPanorama } from './tour-panorama';
import { isVrSupported } from './xr/xr-support';

/**
 * The 360 tour, read-only (details page, buyers' library, full-screen page, review drawer and the editor's preview):
 * Photo Sphere Viewer with the scene's hotspots, the scene list (thumbnails) and the plan, hotspot popups, 360 video
 * with play / pause / seek / mute and its time-limited hotspots, background sound, gyroscope, stereo, autorotate,
 * keyboard (arrows when the viewer has the focus, Tab to hotspots, Enter opens, Esc closes) and Enter VR.
 */
export default function TourViewer({
  details,
  document: given,
  height = 480,
  startScene,
  autoRotate,
  className,
  follow,
  onViewChange,
  people,
}: SceneViewerProps) {
  const { i18n } = useTranslation();
  registerTourLocales(i18n);
  const { t } = useTranslation('tour');
  const lang = langOf(i18n);
  const parsed = useMemo(() => {
    const p = parseTourDocument(given ?? details.document);
    return p.success && autoRotate ? { ...p, data: { ...p.data, settings: { ...p.data.settings, autorotate: true } } } : p;
  }, [given, details.document, autoRotate]);
  if (!parsed.success || parsed.data.scenes.length === 0)
    return <Result status="warning" title={t('viewer.invalid')} className={className} data-testid="tour-invalid" />;
  return (
    <TourBody
      doc={parsed.data}
      media={details.media}
      height={height}
      startScene={startScene}
      className={className}
      lang={lang}
      follow={follow}
      onViewChange={onViewChange}
      people={people}
    />
  );
}

function TourBody({
  doc,
  media,
  height,
  startScene,
  className,
  lang,
  follow,
  onViewChange,
  people,
}: Pick<SceneViewerProps, 'follow' | 'onViewChange' | 'people'> & {
  doc: TourDocument;
  media: Record<string, ResolvedMedia>;
  height: number | string;
  startScene?: string;
  className?: string;
  lang: 'zh' | 'tc' | 'en';
}) {
  const { t } = useTranslation('tour');
  const box = useRef<HTMLDivElement>(null);
  const pano = useRef<TourPanorama | null>(null);
  const first = doc.scenes.find((s) => s.id === startScene) ?? doc.scenes.find((s) => s.id === doc.start_scene) ?? doc.scenes[0]!;
  const [sceneId, setSceneId] = useState(first.id);
  const [popup, setPopup] = useState<Exclude<HotspotAction, { type: 'scene' }> | null>(null);
  const [vr, setVr] = useState(false);
  const [inVr, setInVr] = useState(false);
  const [soundOn, setSoundOn] = useState(true);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const scene = doc.scenes.find((s) => s.id === sceneId) ?? first;
  const nameOf = (s: (typeof doc.scenes)[number]) => sceneName(doc, s, lang, (n) => t('viewer.sceneN', { n }));

  // one viewer per document: scene moves go through it
  const docKey = useMemo(() => JSON.stringify(doc), [doc]);
  const mediaKey = useMemo(() => JSON.stringify(media), [media]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the document or media change by value
  useEffect(() => {
    if (!box.current) return;
    const p = new TourPanorama({
      container: box.current,
      doc,
      media,
      label: (h) => hotspotLabel(h, lang, (k) => t(`kind.${k}`)),
      sceneLabel: (s) => nameOf(s),
      onOpen: (h) => openHotspot(h),
      onSceneShown: (id) => setSceneId(id),
    });
    pano.current = p;
    if (people) p.setPeople(people.get());
    void p.showScene(sceneId);
    return () => {
      p.destroy();
      pano.current = null;
    };
  }, [docKey, mediaKey, lang]);

  function goTo(target: string, keepDirection: boolean) {
    const p = pano.current;
    const next = doc.scenes.find((s) => s.id === target);
    if (!p || !next) return;
    setSceneId(target);
    void p.showScene(target, viewAfterLink(p.getView(), next, keepDirection));
  }

  function openHotspot(h: TourHotspot) {
    const a = actionOf(h, media, lang);
    if (a.type === 'scene') goTo(a.target, a.keepDirection);
    else setPopup(a);
  }

  // a room's "follow the host": go to the host's scene and view whenever it changes
  const followKey = follow ? `${follow.scene}|${follow.yaw}|${follow.pitch}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves when the followed view changes by value
  useEffect(() => {
    const p = pano.current;
    if (!follow || !p || !doc.scenes.some((s) => s.id === follow.scene)) return;
    const view = { yaw: follow.yaw, pitch: follow.pitch, zoom: p.getView().zoom };
    if (p.currentScene === follow.scene) p.psv?.rotate({ yaw: follow.yaw, pitch: follow.pitch });
    else {
      setSceneId(follow.scene);
      void p.showScene(follow.scene, view);
    }
  }, [followKey]);

  // the visitor's scene and view, for a room (polled: the panorama is rebuilt between image and video scenes)
  const viewListener = useRef(onViewChange);
  viewListener.current = onViewChange;
  const watchView = !!onViewChange;
  useEffect(() => {
    if (!watchView) return;
    let last = '';
    const timer = window.setInterval(() => {
      const p = pano.current;
      const scene = p?.currentScene;
      if (!p || !scene) return;
      const v = p.getView();
      const key = `${scene}|${v.yaw.toFixed(2)}|${v.pitch.toFixed(2)}`;
      if (key === last) return;
      last = key;
      viewListener.current?.(scene, { yaw: v.yaw, pitch: v.pitch });
    }, 250);
    return () => window.clearInterval(timer);
  }, [watchView]);

  // a room's other people: their markers follow where they look
  useEffect(() => {
    if (!people) return;
    pano.current?.setPeople(people.get());
    return people.subscribe(() => pano.current?.setPeople(people.get()));
  }, [people]);

  // background sound of the scene (browsers may refuse to start it before a click: then the button starts it)
  const bg = scene.background_audio;
  const bgUrl = bg ? mediaUrl(media[String(bg.asset_id)]) : undefined;
  useEffect(() => {
    const a = audio.current;
    if (!a) return;
    if (!bgUrl || !soundOn || inVr) {
      a.pause();
      return;
    }
    if (a.src !== bgUrl) a.src = bgUrl;
    a.loop = bg?.loop ?? true;
    a.volume = bg?.volume ?? 0.6;
    a.play().then(
      () => setSoundBlocked(false),
      () => setSoundBlocked(true),
    );
  }, [bgUrl, soundOn, inVr, bg?.loop, bg?.volume]);

  useEffect(() => {
    let live = true;
    void isVrSupported().then((ok) => live && setVr(ok));
    return () => {
      live = false;
    };
  }, []);

  async function enterVr() {
    const { startTourXr } = await import('./xr/tour-xr');
    setInVr(true);
    try {
      await startTourXr({
        doc,
        media,
        sceneId,
        yaw: pano.current?.getView().yaw ?? 0,
        lang,
        texts: { linkOutside: t('vr.linkOutside'), close: t('vr.close') },
        people,
        onSceneChange: (id) => {
          if (box.current) box.current.dataset.vrScene = id;
        },
        onOpen: (h) => {
          if (box.current) box.current.dataset.vrOpened = h.id;
        },
        onEnd: (id) => {
          setInVr(false);
          goTo(id, true);
        },
      });
      if (box.current) box.current.dataset.vr = 'on';
    } catch {
      setInVr(false);
    }
  }

  return (
    <div className={`xr-tour ${className ?? ''}`} data-testid="tour-viewer">
      <div
        ref={box}
        className="xr-viewer xr-tour__pano"
        style={{ width: '100%', height }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panorama turns with the arrow keys while focused
        tabIndex={0}
        role="application"
        aria-label={t('viewer.label', { scene: nameOf(scene) })}
        data-testid="tour-panorama"
      />
      <div className="xr-tour__bar">
        <nav className="xr-tour__scenes" aria-label={t('viewer.scenes')}>
          {doc.scenes.map((s) => {
            const thumb = thumbnailOf(media[String(s.media.asset_id)]);
            return (
              <button
                key={s.id}
                type="button"
                className={`xr-tour__scene${s.id === sceneId ? ' xr-tour__scene--current' : ''}`}
                aria-current={s.id === sceneId ? 'true' : undefined}
                onClick={() => goTo(s.id, false)}
                data-testid="tour-scene-button"
              >
                {thumb ? <img src={thumb} alt="" /> : <span className="xr-tour__scene-ph">360°</span>}
                <span>{nameOf(s)}</span>
              </button>
            );
          })}
        </nav>
        <div className="xr-tour__actions">
          {bgUrl ? (
            <Tooltip title={soundOn && !soundBlocked ? t('viewer.soundOff') : t('viewer.soundOn')}>
              <Button
                icon={soundOn && !soundBlocked ? <SoundOutlined /> : <PauseCircleOutlined />}
                onClick={() =>
                  soundBlocked ? (setSoundBlocked(false), setSoundOn(true), void audio.current?.play()) : setSoundOn(!soundOn)
                }
                aria-pressed={soundOn && !soundBlocked}
                aria-label={t('viewer.sound')}
              />
            </Tooltip>
          ) : null}
          {vr ? (
            <Button type="primary" onClick={() => void enterVr()} disabled={inVr} data-testid="enter-vr">
              {t('vr.enter')}
            </Button>
          ) : null}
        </div>
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: background sound */}
      <audio ref={audio} hidden />
      <HotspotPopup action={popup} onClose={() => setPopup(null)} />
    </div>
  );
}
