import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { ResolvedMedia, TourHotspot } from '@xr/contract/scenes';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hotspotLabel, sceneName } from '../../../components/viewers/tour/tour-logic';
import { TourPanorama } from '../../../components/viewers/tour/tour-panorama';
import { currentLang } from '../../../lib/i18n';
import { addHotspot, setStartView, updateHotspot } from '../store/commands';
import { type TourStore, useTourStore } from '../store/tour-store';

/** A new element id, unique enough inside a document (the schema checks uniqueness). */
export function newId(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The panorama of the selected scene in editing mode: "Add hotspot" then a click places one (a text hotspot, edited
 * in the side panel), a press on a hotspot selects it and a drag moves it, "Set start view" keeps the current
 * direction and zoom as the scene's opening view. On 360 video scenes the video plays with its controls and every
 * hotspot stays visible.
 */
export function EditorPanorama({
  store,
  media,
  onTime,
}: {
  store: TourStore;
  media: Record<string, ResolvedMedia>;
  onTime(seconds: number | null): void;
}) {
  const { t } = useTranslation('tour');
  const lang = currentLang();
  const box = useRef<HTMLDivElement>(null);
  const pano = useRef<TourPanorama | null>(null);
  const doc = useTourStore(store, (s) => s.doc);
  const sceneId = useTourStore(store, (s) => s.selectedScene);
  const selectedHotspot = useTourStore(store, (s) => s.selectedHotspot);
  const [placing, setPlacing] = useState(false);
  const placingRef = useRef(placing);
  placingRef.current = placing;
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one viewer for the editor's life; changes go through update()
  useEffect(() => {
    if (!box.current) return;
    const current = () => store.getState().selectedScene;
    const p = new TourPanorama({
      container: box.current,
      doc: store.getState().doc,
      media,
      editing: true,
      label: (h: TourHotspot) => hotspotLabel(h, lang, (k) => t(`kind.${k}`)),
      sceneLabel: (s) => sceneName(store.getState().doc, s, lang, (n) => t('viewer.sceneN', { n })),
      onPanoramaClick: (pos) => {
        const id = current();
        if (!placingRef.current || !id) return;
        const h: TourHotspot = {
          id: newId('h'),
          kind: 'text',
          title: {},
          text: {},
          icon: 'info',
          size: 40,
          position: pos,
          time_range: null,
        };
        store.run(addHotspot(store.getState().doc, id, h));
        store.select(id, h.id);
        setPlacing(false);
      },
      onSelect: (h) => store.select(current(), h.id),
      onMove: (h, pos) => {
        const id = current();
        const now = store
          .getState()
          .doc.scenes.find((s) => s.id === id)
          ?.hotspots.find((x) => x.id === h.id);
        if (id && now) store.run(updateHotspot(store.getState().doc, id, { ...now, position: pos }));
      },
      onTime: (s) => onTimeRef.current(s),
    });
    pano.current = p;
    const first = current();
    if (first) void p.showScene(first);
    return () => {
      p.destroy();
      pano.current = null;
    };
  }, []);

  useEffect(() => {
    const p = pano.current;
    if (!p || !sceneId) return;
    if (p.currentScene !== sceneId) {
      onTimeRef.current(null);
      p.update(doc, media, selectedHotspot);
      void p.showScene(sceneId);
    } else p.update(doc, media, selectedHotspot);
  }, [doc, media, sceneId, selectedHotspot]);

  const scene = doc.scenes.find((s) => s.id === sceneId);
  return (
    <div className="xr-tour-editor__pano-wrap">
      <Space className="xr-tour-editor__pano-tools" wrap>
        <Button
          type={placing ? 'primary' : 'default'}
          icon={<EnvironmentOutlined />}
          onClick={() => setPlacing(!placing)}
          disabled={!scene}
          aria-pressed={placing}
          data-testid="add-hotspot"
        >
          {placing ? t('editor.placing') : t('editor.addHotspot')}
        </Button>
        <Tooltip title={t('editor.startViewHelp')}>
          <Button
            icon={<AimOutlined />}
            disabled={!scene}
            onClick={() => {
              const p = pano.current;
              if (p && sceneId) store.run(setStartView(store.getState().doc, sceneId, p.getView()));
            }}
            data-testid="set-start-view"
          >
            {t('editor.setStartView')}
          </Button>
        </Tooltip>
      </Space>
      <div
        ref={box}
        className={`xr-viewer xr-tour__pano xr-tour-editor__pano${placing ? ' is-placing' : ''}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panorama turns with the arrow keys while focused
        tabIndex={0}
        role="application"
        aria-label={t('editor.panorama')}
        data-testid="editor-panorama"
      />
    </div>
  );
}
