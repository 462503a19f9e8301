import type { AvatarLookParams } from '@xr/contract/avatars';
import {
  Box3,
  CircleGeometry,
  Color,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from 'three';
import { createAvatarObject, disposeAvatarObject } from '../../../components/avatar/avatar-figure';

let stage: { renderer: WebGLRenderer; scene: Scene; camera: PerspectiveCamera } | null = null;
const cache = new Map<string, string>();

/**
 * A PNG data URL of a built-in figure, for cards of avatars that have no stored preview yet (the default avatar).
 * One small offscreen renderer serves every card; results are cached by look.
 */
export function snapshotLook(look: AvatarLookParams): string {
  const key = JSON.stringify(look);
  const known = cache.get(key);
  if (known) return known;
  if (!stage) {
    const renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setSize(320, 320, false);
    renderer.outputColorSpace = SRGBColorSpace;
    const scene = new Scene();
    scene.background = new Color('#eef1f6');
    scene.add(new HemisphereLight('#ffffff', '#b8b2a8', 1.6));
    const light = new DirectionalLight('#ffffff', 2.2);
    light.position.set(2, 4, 3);
    scene.add(light);
    const floor = new Mesh(new CircleGeometry(0.7, 40), new MeshStandardMaterial({ color: '#d9dee8', roughness: 1 }));
    floor.rotation.x = -Math.PI / 2;
    scene.add(floor);
    stage = { renderer, scene, camera: new PerspectiveCamera(35, 1, 0.05, 50) };
  }
  const { renderer, scene, camera } = stage;
  const figure = createAvatarObject(look);
  scene.add(figure);
  const box = new Box3().setFromObject(figure, true);
  const centre = box.getCenter(new Vector3());
  const h = box.getSize(new Vector3()).y;
  const dist = (h * 0.62) / Math.tan((camera.fov * Math.PI) / 360);
  camera.position.set(centre.x + dist * 0.35, centre.y + h * 0.08, centre.z + dist * 0.94);
  camera.lookAt(centre);
  renderer.render(scene, camera);
  const url = renderer.domElement.toDataURL('image/png');
  scene.remove(figure);
  disposeAvatarObject(figure);
  cache.set(key, url);
  return url;
}
