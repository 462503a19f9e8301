import type { SceneHotspot } from '@xr/contract/scenes';
import {
  BufferGeometry,
  type Camera,
  CanvasTexture,
  Float32BufferAttribute,
  Line,
  LineBasicMaterial,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  PlaneGeometry,
  Ray,
  Raycaster,
  SRGBColorSpace,
  Vector3,
  type XRTargetRaySpace,
} from 'three';

/**
 * Enter VR (WebXR) for the 3D scene viewer, on three.js's own `renderer.xr`: an immersive-vr session with a floor
 * reference space, two controllers with a visible ray, "select" on a hotspot opens it and "select" on the floor
 * teleports there (by offsetting the reference space). Kept apart from React so a test can drive it with a mocked
 * `navigator.xr` and a fake renderer.
 */

/** What the session needs of three's `WebGLRenderer` (`renderer.xr`). */
export interface XrRenderer {
  xr: {
    enabled: boolean;
    setReferenceSpaceType(type: XRReferenceSpaceType): void;
    setSession(session: XRSession): Promise<void>;
    getController(index: number): XRTargetRaySpace;
    getReferenceSpace(): XRReferenceSpace | null;
    setReferenceSpace(space: XRReferenceSpace): void;
    getCamera(): Camera;
  };
}

/** What an opened hotspot shows inside the headset (DOM popups are not visible there). */
export interface XrPanelContent {
  title: string;
  lines: string[];
  /** Label of the panel's action (e.g. "Add to cart"); selecting the panel runs it, else closes the panel. */
  action?: string;
  onAction?(): void;
}

export type XrPick =
  | { kind: 'panel'; panel: Mesh; distance: number }
  | { kind: 'hotspot'; hotspot: SceneHotspot; objectId: string; distance: number }
  | { kind: 'floor'; point: Vector3; distance: number };

export interface XrHandlers {
  onHotspot(hotspot: SceneHotspot, objectId: string): void;
  onTeleport?(point: Vector3): void;
  onEnd?(): void;
  /** The in-headset panel of an opened hotspot. */
  describe?(hotspot: SceneHotspot): XrPanelContent;
}

const PANEL = { width: 1024, height: 600, metres: 1.2 };

/** Wraps text into lines that fit `width` pixels. */
function wrap(g: CanvasRenderingContext2D, text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const ch of para.split(/(\s+)/)) {
      const next = line + ch;
      if (g.measureText(next).width > width && line) {
        out.push(line.trim());
        line = ch.trimStart();
      } else line = next;
    }
    out.push(line.trim());
  }
  return out;
}

/** A panel mesh drawn in a canvas: title, text, and an action button. */
export function makeXrPanel(content: XrPanelContent): Mesh {
  const canvas = document.createElement('canvas');
  canvas.width = PANEL.width;
  canvas.height = PANEL.height;
  const g = canvas.getContext('2d');
  if (g) {
    g.fillStyle = 'rgba(255,255,255,0.96)';
    g.beginPath();
    g.roundRect(0, 0, PANEL.width, PANEL.height, 36);
    g.fill();
    g.fillStyle = '#1f1f1f';
    g.font = 'bold 56px sans-serif';
    g.fillText(content.title.slice(0, 40), 48, 96);
    g.font = '38px sans-serif';
    const lines = content.lines.flatMap((l) => wrap(g, l, PANEL.width - 96)).slice(0, 8);
    for (const [i, l] of lines.entries()) g.fillText(l, 48, 170 + i * 50);
    const label = content.action ?? '×';
    g.fillStyle = content.action ? '#1677ff' : '#8c8c8c';
    g.beginPath();
    g.roundRect(48, PANEL.height - 120, PANEL.width - 96, 84, 20);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 44px sans-serif';
    g.textAlign = 'center';
    g.fillText(label, PANEL.width / 2, PANEL.height - 64);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  const mesh = new Mesh(
    new PlaneGeometry(PANEL.metres, (PANEL.metres * PANEL.height) / PANEL.width),
    new MeshBasicMaterial({ map: texture, transparent: true }),
  );
  mesh.name = 'xr-panel';
  mesh.userData.xrPanel = content;
  return mesh;
}

type XrNavigator = Navigator & { xr?: XRSystem };

/** True when the browser can open an immersive VR session. */
export async function isVrSupported(nav: XrNavigator = navigator): Promise<boolean> {
  try {
    return !!nav.xr && (await nav.xr.isSessionSupported('immersive-vr'));
  } catch {
    return false;
  }
}

const world = new Vector3();

/**
 * What a ray points at: the nearest hotspot sprite (a sphere of its size around its centre: sprites face the
 * viewer, so a sphere is the honest shape) or else the floor. `root` is searched for `userData.hotspot` sprites and
 * the mesh with `userData.floor`.
 */
export function pickWithRay(ray: Ray, root: Object3D): XrPick | null {
  let best: XrPick | null = null;
  let floor: Object3D | null = null;
  const panels: Mesh[] = [];
  root.updateMatrixWorld(true);
  root.traverse((o) => {
    if (o.userData.floor) floor = o;
    if (o.userData.xrPanel) panels.push(o as Mesh);
    const hotspot = o.userData.hotspot as SceneHotspot | undefined;
    if (!hotspot || !o.visible) return;
    o.getWorldPosition(world);
    // A sprite spans ±0.5 of its scale; a little margin makes it easy to hit.
    const radius = Math.max(0.15, o.getWorldScale(new Vector3()).x * 0.6);
    if (ray.distanceSqToPoint(world) > radius * radius) return;
    const distance = ray.origin.distanceTo(world);
    if (distance <= 0 || (best && best.distance <= distance)) return;
    if (ray.direction.dot(world.clone().sub(ray.origin)) <= 0) return;
    best = { kind: 'hotspot', hotspot, objectId: String(o.userData.objectId ?? hotspot.id), distance };
  });
  if (panels.length) {
    const hit = new Raycaster(ray.origin.clone(), ray.direction.clone().normalize(), 0, 50).intersectObjects(panels, false)[0];
    if (hit) return { kind: 'panel', panel: hit.object as Mesh, distance: hit.distance };
  }
  if (best) return best;
  const f = floor as Object3D | null;
  if (!f) return null;
  const raycaster = new Raycaster(ray.origin.clone(), ray.direction.clone().normalize(), 0, 200);
  const hit = raycaster.intersectObject(f, false)[0];
  return hit ? { kind: 'floor', point: hit.point.clone(), distance: hit.distance } : null;
}

/** The world-space ray of a controller (it points down its local −Z). */
export function controllerRay(controller: Object3D): Ray {
  controller.updateMatrixWorld(true);
  const rotation = new Matrix4().extractRotation(controller.matrixWorld);
  const origin = new Vector3().setFromMatrixPosition(controller.matrixWorld);
  const direction = new Vector3(0, 0, -1).applyMatrix4(rotation).normalize();
  return new Ray(origin, direction);
}

export interface VrSession {
  session: XRSession;
  end(): Promise<void>;
}

/**
 * Opens an immersive-vr session on the renderer and wires both controllers: a ray line each, and on "select" the
 * hotspot or floor point under the ray. `scene` is where controllers are added and targets are searched.
 */
export async function enterVr(
  renderer: XrRenderer,
  scene: Object3D,
  handlers: XrHandlers,
  nav: XrNavigator = navigator,
): Promise<VrSession> {
  if (!nav.xr) throw new Error('WebXR is not available');
  const session = await nav.xr.requestSession('immersive-vr', {
    optionalFeatures: ['local-floor', 'bounded-floor', 'hand-tracking'],
  });
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local-floor');
  await renderer.xr.setSession(session);
  const base = renderer.xr.getReferenceSpace();

  const cleanups: (() => void)[] = [];
  let panel: Mesh | null = null;
  const closePanel = () => {
    if (!panel) return;
    scene.remove(panel);
    panel.geometry.dispose();
    const m = panel.material as MeshBasicMaterial;
    m.map?.dispose();
    m.dispose();
    panel = null;
  };
  /** Shows the hotspot's panel 1.4 m in front of the visitor, facing them. */
  const openPanel = (hotspot: SceneHotspot) => {
    if (!handlers.describe) return;
    closePanel();
    panel = makeXrPanel(handlers.describe(hotspot));
    const cam = renderer.xr.getCamera();
    const eye = new Vector3().setFromMatrixPosition(cam.matrixWorld);
    const ahead = new Vector3(0, 0, -1).applyMatrix4(new Matrix4().extractRotation(cam.matrixWorld));
    ahead.y = 0;
    if (ahead.lengthSq() < 1e-6) ahead.set(0, 0, -1);
    panel.position.copy(eye).addScaledVector(ahead.normalize(), 1.4);
    panel.lookAt(eye.x, panel.position.y, eye.z);
    scene.add(panel);
  };
  for (const index of [0, 1]) {
    const controller = renderer.xr.getController(index);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 0, 0, -5], 3));
    const line = new Line(geometry, new LineBasicMaterial({ color: 0x66ccff }));
    line.name = 'xr-ray';
    controller.add(line);
    scene.add(controller);
    const onSelect = () => {
      const pick = pickWithRay(controllerRay(controller), scene);
      if (pick?.kind === 'panel') {
        (pick.panel.userData.xrPanel as XrPanelContent).onAction?.();
        closePanel();
      } else if (pick?.kind === 'hotspot') {
        handlers.onHotspot(pick.hotspot, pick.objectId);
        openPanel(pick.hotspot);
      } else if (pick?.kind === 'floor') {
        handlers.onTeleport?.(pick.point);
        // Move the visitor: shift the reference space so the floor point is under them.
        if (base && typeof XRRigidTransform !== 'undefined') {
          const offset = new XRRigidTransform({ x: -pick.point.x, y: 0, z: -pick.point.z, w: 1 });
          renderer.xr.setReferenceSpace(base.getOffsetReferenceSpace(offset));
        }
      }
    };
    controller.addEventListener('select', onSelect);
    cleanups.push(() => {
      controller.removeEventListener('select', onSelect);
      controller.remove(line);
      scene.remove(controller);
      geometry.dispose();
    });
  }
  const onEnd = () => {
    closePanel();
    for (const c of cleanups) c();
    renderer.xr.enabled = false;
    handlers.onEnd?.();
  };
  session.addEventListener('end', onEnd, { once: true });
  return { session, end: () => session.end() };
}
