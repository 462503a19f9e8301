import { Box3, type Object3D, type PerspectiveCamera, Sphere, Vector3 } from 'three';

/** What the fit needs of OrbitControls. */
export interface OrbitTarget {
  target: Vector3;
  update(): void;
}

/** The bounding box of what an object holds (empty when nothing has a size yet). */
export function boundsOf(root: Object3D): Box3 {
  root.updateMatrixWorld(true);
  return new Box3().setFromObject(root, true);
}

/**
 * The largest side (metres) beyond which an object is not framed with the others: a model in the wrong unit (a
 * centimetre file read as metres is 100× too big) would put the camera kilometres away, every other object and the
 * floor a speck inside it.
 */
export const OVERSIZED_METRES = 100;

/**
 * The box the editor frames when nothing is selected: the union of the objects of ordinary size, with the indices of
 * the oversized ones (larger than `limit` on a side). When every object is oversized, they are all framed.
 */
export function framingBox(boxes: readonly Box3[], limit = OVERSIZED_METRES): { box: Box3; oversized: number[] } {
  const oversized: number[] = [];
  const box = new Box3();
  for (const [i, b] of boxes.entries()) {
    if (b.isEmpty()) continue;
    const size = b.getSize(new Vector3());
    if (Math.max(size.x, size.y, size.z) > limit) oversized.push(i);
    else box.union(b);
  }
  if (box.isEmpty()) for (const i of oversized) box.union(boxes[i]!);
  return { box, oversized };
}

/** What a visitor's first view frames: the objects under `root` (its children) of ordinary size (`framingBox`). */
export function contentFramingBox(root: Object3D): Box3 {
  root.updateMatrixWorld(true);
  return framingBox(root.children.map((c) => new Box3().setFromObject(c, true))).box;
}

/**
 * Places the camera so that `box` fills the view, looking from the direction `yaw` (the visitor's start direction)
 * and 25° above; the orbit target is the box's centre. An empty box frames a 6 m area around the origin.
 */
export function fitCamera(camera: PerspectiveCamera, controls: OrbitTarget | null, box: Box3, yaw = 0): void {
  const sphere = box.isEmpty() ? new Sphere(new Vector3(0, 1, 0), 3) : box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 0.5);
  const fov = (camera.fov * Math.PI) / 180;
  const fitH = radius / Math.sin(fov / 2);
  const fitW = radius / Math.sin(Math.atan(Math.tan(fov / 2) * camera.aspect));
  // The bounding sphere is larger than what a box of objects shows: frame a little tighter than the sphere.
  const distance = Math.max(fitH, fitW) * 0.85;
  const elevation = (25 * Math.PI) / 180;
  const dir = new Vector3(Math.sin(yaw) * Math.cos(elevation), Math.sin(elevation), Math.cos(yaw) * Math.cos(elevation));
  camera.position.copy(sphere.center).addScaledVector(dir, distance);
  camera.near = Math.max(0.01, distance / 1000);
  // Everything in the box stays in front of the far plane, whatever its size.
  camera.far = Math.max(2000, distance * 20, (distance + radius) * 2);
  camera.updateProjectionMatrix();
  camera.lookAt(sphere.center);
  if (controls) {
    controls.target.copy(sphere.center);
    controls.update();
  }
}
