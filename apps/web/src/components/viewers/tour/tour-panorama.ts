import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/video-plugin/index.css';
import '@photo-sphere-viewer/map-plugin/index.css';
import { AutorotatePlugin } from '@photo-sphere-viewer/autorotate-plugin';
import { Cache, type NavbarCustomButton, type PluginConstructor, Viewer, type ViewerConfig } from '@photo-sphere-viewer/core';
import { EquirectangularVideoAdapter } from '@photo-sphere-viewer/equirectangular-video-adapter';
import { GyroscopePlugin } from '@photo-sphere-viewer/gyroscope-plugin';
import { MapPlugin } from '@photo-sphere-viewer/map-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { type events as StereoEvents, StereoPlugin } from '@photo-sphere-viewer/stereo-plugin';
import { VideoPlugin } from '@photo-sphere-viewer/video-plugin';
import type { ResolvedMedia, TourDocument, TourHotspot, TourScene, TourView } from '@xr/contract/scenes';
import '../psv-defaults';
import { VisibleTilesAdapter } from '../tiles-adapter';
import { takePrefetchedPicture } from './first-picture';
import { type PanoramaSource, panoramaOf, tilesAdapterOptions, tileUrl, toSpherical, visibleAt } from './tour-logic';
import { PeopleRing, personElement, personMarkerId, type TourPerson, updatePersonElement } from './tour-people';

const ICON: Record<TourHotspot['icon'], string> = {
  info: 'i',
  play: '▶',
  image: '▣',
  audio: '♪',
  link: '↗',
  arrow: '➜',
  star: '★',
  cart: '🛒',
};

/** The floor plan's size: a third of a phone's width at most (180 px covered half of a 390 px panorama). */
function planSize(width: number): string {
  return width < 600 ? '120px' : '180px';
}

export interface TourPanoramaOptions {
  container: HTMLElement;
  doc: TourDocument;
  media: Record<string, ResolvedMedia>;
  /** The marker's accessible name and tooltip. */
  label(h: TourHotspot): string;
  /** A scene's name (the plan's tooltips). */
  sceneLabel(s: TourScene): string;
  /** The visitor opened a hotspot (click, Enter). */
  onOpen?(h: TourHotspot): void;
  onSceneShown?(sceneId: string): void;
  /** Video scenes: the time, to show time-limited hotspots. */
  onTime?(seconds: number): void;
  /** Editor: a click on the panorama (not on a marker), as a document position (yaw −π…π, rounded). */
  onPanoramaClick?(pos: { yaw: number; pitch: number }): void;
  /** Editor: a marker was clicked (selected). */
  onSelect?(h: TourHotspot): void;
  /** Editor: a marker was dragged to a new place. */
  onMove?(h: TourHotspot, pos: { yaw: number; pitch: number }): void;
  /** Editor: hotspots show whatever the video time is (the selected one highlighted). */
  editing?: boolean;
  selectedHotspot?: string | null;
  /** Extra navbar buttons (the viewer's scene list, VR). */
  buttons?: NavbarCustomButton[];
}

type AdapterKey = 'video' | 'tiles' | 'image';
const keyOf = (src: PanoramaSource): AdapterKey => src.type;

/**
 * One tour on Photo Sphere Viewer: a scene at a time, with its hotspots as keyboard-reachable marker buttons, the
 * video adapter and controls for 360 video scenes, tiles for tiled panoramas, gyroscope, stereo, autorotate and the
 * plan (map plugin). Photo Sphere Viewer fixes the adapter for a viewer's life, so moving between an image and a
 * video scene builds a new viewer at the same view; moving between scenes of the same kind changes the panorama.
 */
export class TourPanorama {
  private viewer: Viewer | null = null;
  private key: AdapterKey | null = null;
  private sceneId: string | null = null;
  private time: number | null = null;
  private planSize: { w: number; h: number } | null = null;
  private disposed = false;
  private opts: TourPanoramaOptions;
  /** A room's other people (view markers in the scene they are in; a ring around the viewpoint in stereo). */
  private people: TourPerson[] = [];
  private readonly ring = new PeopleRing();
  private stereo = false;
  /** The current scene's panorama is shown (markers may be placed). */
  private shown = false;

  constructor(opts: TourPanoramaOptions) {
    this.opts = opts;
    // keyboard control while the viewer (or one of its hotspots) has the focus only: the page keeps its keys
    opts.container.addEventListener('focusin', this.onFocusIn);
    opts.container.addEventListener('focusout', this.onFocusOut);
  }

  private readonly onFocusIn = () => this.viewer?.startKeyboardControl();
  private readonly onFocusOut = (e: FocusEvent) => {
    if (!this.opts.container.contains(e.relatedTarget as Node | null)) this.viewer?.stopKeyboardControl();
  };

  get currentScene(): string | null {
    return this.sceneId;
  }

  get psv(): Viewer | null {
    return this.viewer;
  }

  /** The current view (direction and zoom). */
  getView(): TourView {
    if (!this.viewer) return { yaw: 0, pitch: 0, zoom: 50 };
    const p = toSpherical(this.viewer.getPosition());
    return { ...p, zoom: Math.round(this.viewer.getZoomLevel()) };
  }

  /** Shows a scene at a view (default: its start view). */
  async showScene(sceneId: string, view?: TourView): Promise<void> {
    const scene = this.opts.doc.scenes.find((s) => s.id === sceneId);
    if (!scene || this.disposed) return;
    const src = panoramaOf(scene, this.opts.media[String(scene.media.asset_id)]);
    const v = view ?? scene.start_view;
    this.sceneId = sceneId;
    this.shown = false;
    this.time = scene.media.type === 'video360' ? 0 : null;
    if (!src) {
      this.destroyViewer();
      this.opts.container.dataset.scene = sceneId;
      return;
    }
    const early = this.earlyPicture(src);
    if (early) {
      await early;
      if (this.disposed || this.sceneId !== sceneId) return;
    }
    if (this.viewer && this.key === keyOf(src) && src.type !== 'video') {
      this.viewer.getPlugin<MarkersPlugin>(MarkersPlugin)?.clearMarkers();
      await this.viewer
        .setPanorama(this.panoramaValue(src), {
          position: { yaw: v.yaw, pitch: v.pitch },
          zoom: v.zoom,
          transition: { effect: 'fade', rotation: false, speed: 600 },
          showLoader: false,
        })
        .catch(() => false);
      if (this.sceneId !== sceneId) return;
      this.afterShown(scene, src);
      return;
    }
    this.destroyViewer();
    this.createViewer(scene, src, v);
  }

  /**
   * The first picture's bytes when the lean page started their download early (`first-picture.ts`): put into Photo
   * Sphere Viewer's cache under the key its loader uses (the URL), so the viewer reads them instead of asking the
   * network again. Null (and nothing to wait for) when no download was started.
   */
  private earlyPicture(src: PanoramaSource): Promise<void> | null {
    const url = src.type === 'tiles' ? src.preview : src.type === 'image' ? (src.preview ?? src.src) : null;
    const early = url ? takePrefetchedPicture(url) : undefined;
    if (!url || !early) return null;
    return early.then(
      (blob) => void Cache.add(url, url, blob),
      () => undefined,
    );
  }

  /** New document or media (the editor's changes): markers of the current scene are rebuilt in place. */
  update(doc: TourDocument, media: Record<string, ResolvedMedia>, selectedHotspot?: string | null): void {
    const before = this.opts.doc.scenes.find((s) => s.id === this.sceneId);
    this.opts = { ...this.opts, doc, media, selectedHotspot };
    const scene = doc.scenes.find((s) => s.id === this.sceneId);
    if (!scene) return;
    if (!before || before.media.asset_id !== scene.media.asset_id || before.media.type !== scene.media.type) {
      void this.showScene(scene.id, this.getView());
      return;
    }
    this.renderMarkers(scene);
  }

  destroy(): void {
    this.disposed = true;
    this.opts.container.removeEventListener('focusin', this.onFocusIn);
    this.opts.container.removeEventListener('focusout', this.onFocusOut);
    this.destroyViewer();
    this.ring.dispose();
  }

  /** A room's other people: each one's marker moves to where they look; stereo mode shows them in a ring. */
  setPeople(people: TourPerson[]): void {
    this.people = people;
    this.renderPeople();
  }

  private renderPeople() {
    const viewer = this.viewer;
    const markers = viewer?.getPlugin<MarkersPlugin>(MarkersPlugin);
    if (!viewer || !markers || !this.shown) return;
    const here = this.people.filter((p) => p.scene === this.sceneId);
    // stereo hides the HTML markers (they cannot be drawn twice): the ring of pictures shows who is here instead
    const flat = this.stereo ? [] : here;
    const wanted = new Set(flat.map((p) => personMarkerId(p.id)));
    for (const m of markers.getMarkers())
      if (m.id.startsWith(personMarkerId('')) && !wanted.has(m.id)) markers.removeMarker(m.id);
    for (const p of flat) {
      const id = personMarkerId(p.id);
      const position = { yaw: p.yaw, pitch: p.pitch };
      const el = this.opts.container.querySelector<HTMLElement>(`.xr-tour-person[data-person="${CSS.escape(p.id)}"]`);
      if (el && markers.getMarkers().some((m) => m.id === id)) {
        updatePersonElement(el, p);
        markers.updateMarker({ id, position });
      } else {
        markers.addMarker({
          id,
          element: personElement(p),
          position,
          anchor: 'center center',
          zIndex: 20,
          tooltip: { content: escapeHtml(p.name), position: 'top center' },
          data: { person: p.id },
        });
      }
    }
    this.ring.set(this.stereo ? here : [], this.getView().yaw);
    this.opts.container.dataset.people = String(here.length);
    this.opts.container.dataset.peopleRing = String(this.ring.size);
    viewer.needsUpdate();
  }

  private destroyViewer() {
    this.shown = false;
    this.stereo = false;
    if (this.ring.group.parent) this.viewer?.renderer.removeObject(this.ring.group);
    this.viewer?.destroy();
    this.viewer = null;
    this.key = null;
  }

  private panoramaValue(src: PanoramaSource): unknown {
    if (src.type === 'video') return { source: src.src };
    if (src.type === 'tiles')
      return {
        width: src.width,
        cols: src.cols,
        rows: src.rows,
        baseUrl: src.preview,
        tileUrl: (col: number, row: number) => tileUrl(src.media, col, row),
      };
    return src.preview ?? src.src;
  }

  private createViewer(scene: TourScene, src: PanoramaSource, v: TourView) {
    const { doc } = this.opts;
    const plugins: PluginConstructor[] | [PluginConstructor, unknown][] = [];
    const list = plugins as (PluginConstructor | [PluginConstructor, unknown])[];
    list.push([MarkersPlugin, { defaultHoverScale: false }]);
    list.push([GyroscopePlugin, { touchmove: true }]);
    list.push(StereoPlugin);
    list.push([
      AutorotatePlugin,
      {
        autostartDelay: doc.settings.autorotate && !this.opts.editing ? 4000 : null,
        autostartOnIdle: doc.settings.autorotate && !this.opts.editing,
        autorotatePitch: v.pitch,
      },
    ]);
    if (src.type === 'video') list.push([VideoPlugin, { progressbar: true, bigbutton: true }]);
    if (doc.settings.plan && this.opts.media[String(doc.settings.plan.asset_id)])
      list.push([
        MapPlugin,
        {
          size: planSize(this.opts.container.clientWidth),
          position: 'top right',
          static: true,
          visibleOnLoad: true,
          minimizeOnHotspotClick: false,
        },
      ]);
    const navbar: (string | NavbarCustomButton)[] = ['autorotate', 'zoom', 'move'];
    if (src.type === 'video') navbar.push('videoPlay', 'videoVolume', 'videoTime');
    navbar.push('caption', ...(this.opts.buttons ?? []));
    if (doc.settings.gyroscope) navbar.push('gyroscope');
    navbar.push('stereo', 'fullscreen');
    const config: ViewerConfig = {
      container: this.opts.container,
      adapter:
        src.type === 'video'
          ? [EquirectangularVideoAdapter, { autoplay: true, muted: true }]
          : src.type === 'tiles'
            ? [VisibleTilesAdapter, tilesAdapterOptions(src.cols, src.rows)]
            : undefined,
      panorama: this.panoramaValue(src),
      defaultYaw: v.yaw,
      defaultPitch: v.pitch,
      defaultZoomLvl: v.zoom,
      navbar: this.opts.editing
        ? ['zoom', 'move', ...(src.type === 'video' ? ['videoPlay', 'videoVolume', 'videoTime'] : [])]
        : navbar,
      keyboard: false,
      loadingTxt: '',
      mousewheelCtrlKey: false,
      plugins: list,
    };
    const viewer = new Viewer(config);
    this.viewer = viewer;
    this.key = keyOf(src);
    viewer.renderer.addObject(this.ring.group);
    viewer.getPlugin<StereoPlugin>(StereoPlugin)?.addEventListener('stereo-updated', (e: StereoEvents.StereoUpdatedEvent) => {
      this.stereo = e.stereoEnabled;
      this.renderPeople();
    });
    viewer.addEventListener('ready', () => this.afterShown(scene, src), { once: true });
    viewer.addEventListener('click', ({ data }) => {
      if (data.rightclick || !this.opts.onPanoramaClick) return;
      this.opts.onPanoramaClick(toSpherical({ yaw: data.yaw, pitch: data.pitch }));
    });
    const video = viewer.getPlugin<VideoPlugin>(VideoPlugin);
    video?.addEventListener('progress', ({ time }) => {
      this.time = time;
      this.opts.onTime?.(time);
      this.applyTime();
    });
    const map = viewer.getPlugin<MapPlugin>(MapPlugin);
    // the plan follows the page's width (a phone turned, a window resized)
    viewer.addEventListener('size-updated', ({ size }) => {
      const wanted = planSize(size.width);
      if (map && map.config.size !== wanted) map.setOptions({ size: wanted });
    });
    map?.addEventListener('select-hotspot', ({ hotspotId }) => {
      const target = this.opts.doc.scenes.find((s) => s.id === hotspotId);
      if (target && target.id !== this.sceneId) {
        this.opts.onOpen?.({
          id: `plan-${target.id}`,
          kind: 'scene',
          target_scene: target.id,
          keep_direction: false,
          title: {},
          text: {},
          icon: 'arrow',
          size: 40,
          position: { yaw: 0, pitch: 0 },
          time_range: null,
        });
      }
    });
  }

  private afterShown(scene: TourScene, src: PanoramaSource) {
    const viewer = this.viewer;
    if (!viewer || this.sceneId !== scene.id) return;
    this.opts.container.dataset.scene = scene.id;
    this.shown = true;
    viewer.setOption('caption', escapeHtml(this.opts.sceneLabel(scene)));
    this.renderMarkers(scene);
    void this.renderPlan(scene);
    this.opts.onSceneShown?.(scene.id);
    // a single image: the quick preview first, the full one after, without a second fade
    if (src.type === 'image' && src.preview) {
      void viewer
        .setPanorama(src.src, {
          transition: false,
          showLoader: false,
          position: viewer.getPosition(),
          zoom: viewer.getZoomLevel(),
        })
        .catch(() => false);
    }
  }

  private markerElement(h: TourHotspot): HTMLElement {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = `xr-hotspot xr-hotspot--${h.kind}${this.opts.selectedHotspot === h.id ? ' xr-hotspot--selected' : ''}`;
    el.dataset.hotspot = h.id;
    el.dataset.kind = h.kind;
    el.setAttribute('aria-label', this.opts.label(h));
    el.style.width = `${h.size}px`;
    el.style.height = `${h.size}px`;
    el.style.fontSize = `${Math.round(h.size * 0.45)}px`;
    el.textContent = ICON[h.icon];
    if (this.opts.editing) this.makeDraggable(el, h);
    else {
      el.addEventListener('click', (e) => {
        e.stopPropagation();
        this.opts.onOpen?.(h);
      });
    }
    el.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      e.stopPropagation();
      if (this.opts.editing) this.opts.onSelect?.(h);
      else this.opts.onOpen?.(h);
    });
    return el;
  }

  /** Editor: press selects, a drag moves the hotspot over the panorama (the view does not turn meanwhile). */
  private makeDraggable(el: HTMLElement, h: TourHotspot) {
    el.addEventListener('pointerdown', (down) => {
      down.stopPropagation();
      down.preventDefault();
      const viewer = this.viewer;
      if (!viewer) return;
      this.opts.onSelect?.(h);
      const rect = this.opts.container.getBoundingClientRect();
      let moved = false;
      let last: { yaw: number; pitch: number } | null = null;
      const move = (e: PointerEvent) => {
        if (!moved && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 4) return;
        moved = true;
        last = viewer.dataHelper.viewerCoordsToSphericalCoords({ x: e.clientX - rect.left, y: e.clientY - rect.top });
        viewer.getPlugin<MarkersPlugin>(MarkersPlugin)?.updateMarker({ id: h.id, position: last });
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        if (moved && last) this.opts.onMove?.(h, toSpherical(last));
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    });
    // the panorama must not see the press (it would turn, or place a new hotspot)
    for (const type of ['mousedown', 'touchstart', 'click'] as const) el.addEventListener(type, (e) => e.stopPropagation());
  }

  private renderMarkers(scene: TourScene) {
    const markers = this.viewer?.getPlugin<MarkersPlugin>(MarkersPlugin);
    if (!markers) return;
    markers.setMarkers(
      scene.hotspots.map((h) => ({
        id: h.id,
        element: this.markerElement(h),
        position: { yaw: h.position.yaw, pitch: h.position.pitch },
        anchor: 'center center',
        tooltip: { content: escapeHtml(this.opts.label(h)), position: 'top center' },
        visible: this.opts.editing || visibleAt(h, this.time),
        data: { kind: h.kind },
      })),
    );
    this.opts.container.dataset.hotspots = String(
      scene.hotspots.filter((h) => this.opts.editing || visibleAt(h, this.time)).length,
    );
    // setMarkers replaced the people's markers too
    this.renderPeople();
  }

  /** Shows the time-limited hotspots whose range contains the video's time, hides the others. */
  private applyTime() {
    if (this.opts.editing) return;
    const scene = this.opts.doc.scenes.find((s) => s.id === this.sceneId);
    const markers = this.viewer?.getPlugin<MarkersPlugin>(MarkersPlugin);
    if (!scene || !markers) return;
    let shown = 0;
    for (const h of scene.hotspots) {
      const visible = visibleAt(h, this.time);
      if (visible) shown++;
      if (!h.time_range) continue;
      try {
        markers.toggleMarker(h.id, visible);
      } catch {
        // the markers were replaced by a scene change meanwhile
      }
    }
    this.opts.container.dataset.hotspots = String(shown);
  }

  private async renderPlan(scene: TourScene) {
    const plan = this.opts.doc.settings.plan;
    const map = this.viewer?.getPlugin<MapPlugin>(MapPlugin);
    const url = plan && this.opts.media[String(plan.asset_id)];
    const imageUrl = url ? (url.urls.original ?? Object.values(url.urls)[0]) : undefined;
    if (!plan || !map || !imageUrl) return;
    if (!this.planSize) {
      const img = new Image();
      img.src = imageUrl;
      await img.decode().catch(() => undefined);
      this.planSize = { w: img.naturalWidth || 1000, h: img.naturalHeight || 1000 };
    }
    const { w, h } = this.planSize;
    const at = (id: string) => plan.points.find((p) => p.scene === id);
    const here = at(scene.id);
    map.setImage(imageUrl, here ? { x: here.x * w, y: here.y * h } : { x: w / 2, y: h / 2 });
    map.setHotspots(
      plan.points.map((p) => {
        const s = this.opts.doc.scenes.find((x) => x.id === p.scene);
        return { id: p.scene, x: p.x * w, y: p.y * h, tooltip: s ? escapeHtml(this.opts.sceneLabel(s)) : '' };
      }),
    );
  }
}

/** Marker tooltips are HTML: user text goes in escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
