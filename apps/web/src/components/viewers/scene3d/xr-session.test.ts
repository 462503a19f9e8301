import type { SceneHotspot } from '@xr/contract/scenes';
import {
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  Sprite,
  type Vector3,
  type XRTargetRaySpace,
} from 'three';
import { describe, expect, it, vi } from 'vitest';
import { enterVr, isVrSupported, type XrRenderer } from './xr-session';

const hotspot: SceneHotspot = {
  id: 'h1',
  kind: 'text',
  title: { en: 'Welcome' },
  text: {},
  icon: 'info',
  size: 40,
};

/** A scene with a floor and one hotspot sprite 3 m in front of the visitor at eye height. */
function world() {
  const scene = new Scene();
  const floor = new Mesh(new PlaneGeometry(40, 40), new MeshBasicMaterial());
  floor.rotation.x = -Math.PI / 2;
  floor.userData.floor = true;
  scene.add(floor);
  const sprite = new Sprite();
  sprite.scale.setScalar(0.4);
  sprite.position.set(0, 1.6, -3);
  sprite.userData = { hotspot, objectId: 'hs_obj' };
  scene.add(sprite);
  return scene;
}

/** A mocked `navigator.xr` and a fake renderer whose controllers are real three.js target-ray spaces. */
function fakes() {
  const listeners: Record<string, () => void> = {};
  const session = {
    end: vi.fn(async () => listeners.end?.()),
    addEventListener: vi.fn((type: string, fn: () => void) => {
      listeners[type] = fn;
    }),
  } as unknown as XRSession;
  const xr = {
    isSessionSupported: vi.fn(async (mode: string) => mode === 'immersive-vr'),
    requestSession: vi.fn(async () => session),
  };
  const nav = { xr } as unknown as Navigator & { xr: XRSystem };
  // What three's WebXRController hands out: a Group that receives the input events.
  const controllers = [new Group(), new Group()] as unknown as XRTargetRaySpace[];
  // The headset's camera: at eye height, looking down −Z.
  const camera = new PerspectiveCamera();
  camera.position.set(0, 1.6, 0);
  camera.updateMatrixWorld(true);
  const renderer: XrRenderer = {
    xr: {
      enabled: false,
      setReferenceSpaceType: vi.fn(),
      setSession: vi.fn(async () => undefined),
      getController: (i: number) => controllers[i]!,
      getReferenceSpace: () => null,
      setReferenceSpace: vi.fn(),
      getCamera: () => camera,
    },
  };
  return { nav, xr, session, controllers, renderer };
}

describe('Enter VR', () => {
  it('reports support from navigator.xr', async () => {
    expect(await isVrSupported(fakes().nav)).toBe(true);
    expect(await isVrSupported({} as Navigator)).toBe(false);
  });

  it('opens an immersive-vr session, and a controller ray selects the hotspot it points at', async () => {
    const { nav, xr, renderer, controllers, session } = fakes();
    const scene = world();
    const onHotspot = vi.fn();
    const onTeleport = vi.fn();
    const onEnd = vi.fn();
    const onAction = vi.fn();
    const describe = (h: SceneHotspot) => ({ title: h.title.en ?? '', lines: [], action: 'Add to cart', onAction });
    const vr = await enterVr(renderer, scene, { onHotspot, onTeleport, onEnd, describe }, nav);
    expect(xr.requestSession).toHaveBeenCalledWith('immersive-vr', expect.anything());
    expect(renderer.xr.setSession).toHaveBeenCalledWith(session);
    expect(renderer.xr.enabled).toBe(true);
    const right = controllers[1]!;
    expect(right.parent).toBe(scene);
    expect(right.getObjectByName('xr-ray')).toBeTruthy();

    // Pointing at the hotspot (controllers point down their −Z).
    right.position.set(0.05, 1.55, 0);
    right.dispatchEvent({ type: 'select', data: {} as XRInputSource });
    expect(onHotspot).toHaveBeenCalledWith(hotspot, 'hs_obj');
    expect(onTeleport).not.toHaveBeenCalled();

    // Inside the headset the hotspot opens as a panel in front of the visitor; selecting it runs its action.
    const panel = scene.getObjectByName('xr-panel');
    expect(panel?.userData.xrPanel).toMatchObject({ title: 'Welcome', action: 'Add to cart' });
    expect(panel!.position.z).toBeCloseTo(-1.4);
    right.dispatchEvent({ type: 'select', data: {} as XRInputSource });
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(scene.getObjectByName('xr-panel')).toBeUndefined();
    expect(onHotspot).toHaveBeenCalledTimes(1);

    // Pointing down-forward at the floor teleports there.
    right.rotation.x = -Math.PI / 4;
    right.dispatchEvent({ type: 'select', data: {} as XRInputSource });
    expect(onTeleport).toHaveBeenCalledTimes(1);
    const point = onTeleport.mock.calls[0]![0] as Vector3;
    expect(point.y).toBeCloseTo(0);
    expect(point.z).toBeCloseTo(-1.55, 1);
    expect(onHotspot).toHaveBeenCalledTimes(1);

    // Pointing at the sky selects nothing.
    right.rotation.x = Math.PI / 3;
    right.dispatchEvent({ type: 'select', data: {} as XRInputSource });
    expect(onHotspot).toHaveBeenCalledTimes(1);
    expect(onTeleport).toHaveBeenCalledTimes(1);

    await vr.end();
    expect(onEnd).toHaveBeenCalled();
    expect(right.parent).toBeNull();
    expect(renderer.xr.enabled).toBe(false);
  });
});
