import type { SceneHotspot } from '@xr/contract/scenes';
import {
  BufferGeometry,
  Float32BufferAttribute,
  Line,
  LineBasicMaterial,
  Matrix4,
  type Object3D,
  Ray,
  Raycaster,
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
  };
}

export type XrPick =
  | { kind: 'hotspot'; hotspot: SceneHotspot; objectId: string; distance: number }
  | { kind: 'floor'; point: Vector3; distance: number };

export interface XrHandlers {
  onHotspot(hotspot: SceneHotspot, objectId: string): void;
  onTeleport?(point: Vector3): void;
  onEnd?(): void;
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
  root.updateMatrixWorld(true);
  root.traverse((o) => {
    if (o.userData.floor) floor = o;
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
      if (pick?.kind === 'hotspot') handlers.onHotspot(pick.hotspot, pick.objectId);
      else if (pick?.kind === 'floor') {
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
    for (const c of cleanups) c();
    renderer.xr.enabled = false;
    handlers.onEnd?.();
  };
  session.addEventListener('end', onEnd, { once: true });
  return { session, end: () => session.end() };
}
