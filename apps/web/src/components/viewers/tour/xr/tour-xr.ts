import { pickText, type ResolvedMedia, type TourDocument, type TourHotspot, type TourScene } from '@xr/contract/scenes';
import {
  BufferGeometry,
  CanvasTexture,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  RingGeometry,
  Scene,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  Vector3,
  VideoTexture,
  WebGLRenderer,
  type XRTargetRaySpace,
} from 'three';
import { type Lang, mediaUrl, panoramaOf, visibleAt } from '../tour-logic';
import { PeopleRing, type TourPeopleSource } from '../tour-people';
import {
  GazeDwell,
  groupYawFor,
  groupYawToFace,
  HOTSPOT_DISTANCE,
  type PickTarget,
  pick,
  rayOfMatrix,
  SPHERE_RADIUS,
  targetOf,
} from './xr-picking';

export interface TourXrOptions {
  doc: TourDocument;
  media: Record<string, ResolvedMedia>;
  sceneId: string;
  /** The 2D viewer's direction: VR starts looking the same way. */
  yaw: number;
  lang: Lang;
  /** Texts drawn in VR (already translated). */
  texts: { linkOutside: string; close: string };
  /** The session ended (the scene the visitor was in, to show it in 2D). */
  onEnd(sceneId: string): void;
  /** A hotspot was opened in VR. */
  onOpen?(h: TourHotspot): void;
  /** The scene shown in VR changed. */
  onSceneChange?(sceneId: string): void;
  /** A room's other people: those in the scene shown stand in a ring around the viewpoint. */
  people?: TourPeopleSource;
}

export interface TourXrHandle {
  session: XRSession;
  end(): Promise<void>;
}

const ICON_COLOR: Record<TourHotspot['kind'], string> = {
  scene: '#1677ff',
  link: '#722ed1',
  image: '#13a8a8',
  video: '#eb2f96',
  audio: '#fa8c16',
  text: '#52c41a',
};

function labelTexture(text: string, color: string, active: boolean): CanvasTexture {
  const c = document.createElement('canvas');
  c.width = 256;
  c.height = 320;
  const g = c.getContext('2d');
  if (g) {
    g.fillStyle = color;
    g.globalAlpha = active ? 1 : 0.85;
    g.beginPath();
    g.arc(128, 128, active ? 118 : 100, 0, Math.PI * 2);
    g.fill();
    g.globalAlpha = 1;
    g.strokeStyle = '#ffffff';
    g.lineWidth = 10;
    g.stroke();
    g.fillStyle = '#ffffff';
    g.font = 'bold 40px sans-serif';
    g.textAlign = 'center';
    g.fillText(text.slice(0, 14), 128, 300);
  }
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  return t;
}

function panelTexture(title: string, body: string, footer: string): CanvasTexture {
  const c = document.createElement('canvas');
  c.width = 1024;
  c.height = 640;
  const g = c.getContext('2d');
  if (g) {
    g.fillStyle = 'rgba(20,24,32,0.92)';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#ffffff';
    g.font = 'bold 56px sans-serif';
    g.fillText(title.slice(0, 32), 48, 96);
    g.font = '40px sans-serif';
    const words = body.split(/\s+/);
    let line = '';
    let y = 180;
    for (const w of words) {
      if (g.measureText(`${line} ${w}`).width > c.width - 96) {
        g.fillText(line, 48, y);
        y += 52;
        line = w;
        if (y > c.height - 120) break;
      } else line = line ? `${line} ${w}` : w;
    }
    if (line && y <= c.height - 120) g.fillText(line, 48, y);
    g.fillStyle = '#91caff';
    g.font = '36px sans-serif';
    g.fillText(footer, 48, c.height - 48);
  }
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  return t;
}

/**
 * Enter VR: an immersive WebXR session rendering the tour with three.js — the panorama on the inside of a sphere
 * (Photo Sphere Viewer's geometry, so directions match the 2D viewer), hotspots as sprites, a ray from each
 * controller (trigger = select) and gaze with a dwell ring for headsets without controllers. Scene links move to
 * the target scene keeping the direction; other hotspots open a panel (picture, playing video, sound, text, or the
 * link's address, which opens from the page after VR).
 */
export async function startTourXr(opts: TourXrOptions): Promise<TourXrHandle> {
  const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
  if (!xr) throw new Error('WebXR is not available');
  const session = await xr.requestSession('immersive-vr', { optionalFeatures: ['local-floor'] });

  const renderer = new WebGLRenderer({ antialias: true });
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.domElement.style.display = 'none';
  renderer.domElement.dataset.testid = 'tour-xr-canvas';
  document.body.appendChild(renderer.domElement);

  const scene = new Scene();
  const camera = new PerspectiveCamera(75, 1, 0.05, 200);
  const world = new Group();
  scene.add(world);
  const sphere = new Mesh(
    new SphereGeometry(SPHERE_RADIUS, 64, 32, -Math.PI / 2).scale(-1, 1, 1),
    new MeshBasicMaterial({ color: 0xffffff }),
  );
  world.add(sphere);
  const hotspotGroup = new Group();
  world.add(hotspotGroup);
  const panel = new Mesh(new PlaneGeometry(3.2, 2), new MeshBasicMaterial({ transparent: true }));
  panel.visible = false;
  scene.add(panel);

  // gaze reticle: a ring in front of the eyes that fills while dwelling
  const reticle = new Mesh(new RingGeometry(0.02, 0.03, 32), new MeshBasicMaterial({ color: 0xffffff, depthTest: false }));
  reticle.position.set(0, 0, -1.5);
  camera.add(reticle);
  const dwellRing = new Mesh(
    new RingGeometry(0.032, 0.045, 32, 1, 0, 0.001),
    new MeshBasicMaterial({ color: 0x1677ff, depthTest: false }),
  );
  dwellRing.position.set(0, 0, -1.5);
  camera.add(dwellRing);
  scene.add(camera);

  let current: TourScene | undefined = opts.doc.scenes.find((s) => s.id === opts.sceneId) ?? opts.doc.scenes[0];
  let groupYaw = groupYawFor(opts.yaw);
  let targets: PickTarget[] = [];
  const sprites = new Map<string, Sprite>();
  let video: HTMLVideoElement | null = null;
  let popupMedia: HTMLMediaElement | null = null;
  const textures: Texture[] = [];
  // a room's other people in the scene shown, as a ring of avatar pictures (the first in the starting direction)
  const ring = new PeopleRing();
  world.add(ring.group);
  const placeRing = () =>
    ring.set(
      (opts.people?.get() ?? []).filter((p) => p.scene === current?.id),
      opts.yaw,
    );
  const unsubscribePeople = opts.people?.subscribe(placeRing);
  const loader = new TextureLoader();
  loader.setCrossOrigin('anonymous');

  const stopMedia = () => {
    popupMedia?.pause();
    popupMedia = null;
  };

  /** Shows a scene with the panorama group turned by `g` (radians about the vertical axis). */
  function showScene(s: TourScene, g: number) {
    current = s;
    groupYaw = g;
    world.rotation.y = g;
    video?.pause();
    video = null;
    panel.visible = false;
    stopMedia();
    const src = panoramaOf(s, opts.media[String(s.media.asset_id)]);
    const material = sphere.material as MeshBasicMaterial;
    if (src?.type === 'video') {
      video = document.createElement('video');
      video.crossOrigin = 'anonymous';
      video.src = src.src;
      video.loop = true;
      video.muted = true;
      video.playsInline = true;
      void video.play().catch(() => undefined);
      const t = new VideoTexture(video);
      t.colorSpace = SRGBColorSpace;
      textures.push(t);
      material.map = t;
    } else if (src) {
      // the largest single picture: tiles are for the 2D viewer's zoom, VR shows the whole sphere at once
      const url = src.type === 'tiles' ? src.preview : src.src;
      material.map = null;
      loader.load(url, (t) => {
        if (current !== s) return;
        t.colorSpace = SRGBColorSpace;
        textures.push(t);
        material.map = t;
        material.needsUpdate = true;
      });
    }
    material.needsUpdate = true;
    for (const sp of sprites.values()) {
      hotspotGroup.remove(sp);
      sp.material.map?.dispose();
      sp.material.dispose();
    }
    sprites.clear();
    for (const h of s.hotspots) {
      const sp = new Sprite(
        new SpriteMaterial({ map: labelTexture(pickText(h.title, opts.lang), ICON_COLOR[h.kind], false), depthTest: false }),
      );
      const [x, y, z] = targetOf(h.id, h.position, h.size, 0).center;
      sp.position.set(x, y, z);
      const scale = Math.max(0.5, (h.size / 40) * 0.7);
      sp.scale.set(scale, scale * 1.25, 1);
      sp.userData.hotspot = h.id;
      hotspotGroup.add(sp);
      sprites.set(h.id, sp);
    }
    placeRing();
    opts.onSceneChange?.(s.id);
  }

  function openPanel(h: TourHotspot) {
    stopMedia();
    const title = pickText(h.title, opts.lang) || h.kind;
    let body = pickText(h.text, opts.lang);
    const material = panel.material as MeshBasicMaterial;
    material.map = null;
    if (h.kind === 'image' || h.kind === 'video') {
      const url = mediaUrl(opts.media[String(h.asset_id)]);
      if (url && h.kind === 'image') {
        loader.load(url, (t) => {
          t.colorSpace = SRGBColorSpace;
          textures.push(t);
          material.map = t;
          material.needsUpdate = true;
        });
      } else if (url) {
        const v = document.createElement('video');
        v.crossOrigin = 'anonymous';
        v.src = url;
        v.playsInline = true;
        void v.play().catch(() => undefined);
        popupMedia = v;
        const t = new VideoTexture(v);
        t.colorSpace = SRGBColorSpace;
        textures.push(t);
        material.map = t;
      }
    } else {
      if (h.kind === 'audio') {
        const url = mediaUrl(opts.media[String(h.asset_id)]);
        if (url) {
          const a = new Audio(url);
          void a.play().catch(() => undefined);
          popupMedia = a;
        }
      }
      if (h.kind === 'link') body = `${body}\n${h.url}`.trim();
      const t = panelTexture(title, body, h.kind === 'link' ? opts.texts.linkOutside : opts.texts.close);
      textures.push(t);
      material.map = t;
    }
    material.needsUpdate = true;
    // in front of the visitor, where they look
    const cam = renderer.xr.getCamera();
    const dir = new Vector3(0, 0, -1).applyQuaternion(cam.quaternion);
    dir.y = 0;
    dir.normalize();
    panel.position.copy(cam.position).addScaledVector(dir, 4);
    panel.lookAt(cam.position);
    panel.visible = true;
  }

  function open(id: string) {
    if (panel.visible) {
      panel.visible = false;
      stopMedia();
      return;
    }
    const h = current?.hotspots.find((x) => x.id === id);
    if (!h || !current) return;
    opts.onOpen?.(h);
    if (h.kind === 'scene') {
      const target = opts.doc.scenes.find((s) => s.id === h.target_scene);
      if (!target) return;
      // keeping the direction, the new panorama turns like the old one: the visitor goes on looking the same way;
      // otherwise the target's start view comes in front of where the visitor faces now
      const cam = renderer.xr.getCamera();
      const f = new Vector3(0, 0, -1).applyQuaternion(cam.quaternion);
      showScene(target, h.keep_direction ? groupYaw : groupYawToFace(target.start_view.yaw, [f.x, f.y, f.z]));
      return;
    }
    openPanel(h);
  }

  // controllers: a visible ray, select (trigger) picks
  const controllers: XRTargetRaySpace[] = [];
  for (const i of [0, 1]) {
    const c = renderer.xr.getController(i);
    const line = new Line(
      new BufferGeometry().setFromPoints([new Vector3(0, 0, 0), new Vector3(0, 0, -HOTSPOT_DISTANCE)]),
      new LineBasicMaterial({ color: 0xffffff }),
    );
    c.add(line);
    c.addEventListener('select', () => {
      c.updateMatrixWorld(true);
      const { origin, direction } = rayOfMatrix(c.matrixWorld.elements);
      const id = pick(origin, direction, targets);
      if (id) open(id);
      else if (panel.visible) open('');
    });
    scene.add(c);
    controllers.push(c);
  }

  const dwell = new GazeDwell();
  if (current) showScene(current, groupYaw);

  renderer.setAnimationLoop((time) => {
    if (!current) return;
    // time-limited hotspots follow the 360 video
    const t = video ? video.currentTime : null;
    targets = [];
    for (const h of current.hotspots) {
      const sp = sprites.get(h.id);
      const visible = visibleAt(h, t);
      if (sp) sp.visible = visible;
      if (visible) targets.push(targetOf(h.id, h.position, h.size, groupYaw));
    }
    const cam = renderer.xr.getCamera();
    cam.updateMatrixWorld(true);
    const { origin, direction } = rayOfMatrix(cam.matrixWorld.elements);
    const gazed = pick(origin, direction, targets);
    for (const [id, sp] of sprites) sp.material.opacity = id === gazed ? 1 : 0.8;
    const d = dwell.update(gazed, time);
    dwellRing.geometry.dispose();
    dwellRing.geometry = new RingGeometry(0.032, 0.045, 32, 1, 0, Math.max(0.001, d.progress * Math.PI * 2));
    if (d.open) open(d.open);
    renderer.render(scene, camera);
  });

  await renderer.xr.setSession(session);

  let ended = false;
  const cleanup = () => {
    if (ended) return;
    ended = true;
    renderer.setAnimationLoop(null);
    video?.pause();
    stopMedia();
    unsubscribePeople?.();
    ring.dispose();
    for (const t of textures) t.dispose();
    renderer.dispose();
    renderer.domElement.remove();
    opts.onEnd(current?.id ?? opts.sceneId);
  };
  session.addEventListener('end', cleanup);
  return {
    session,
    end: async () => {
      await session.end().catch(() => undefined);
      cleanup();
    },
  };
}
