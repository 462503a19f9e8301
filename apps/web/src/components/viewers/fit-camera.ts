import { type Box3, type PerspectiveCamera, Sphere, Vector3 } from 'three';

/** The default viewing direction: a three-quarter view from above and in front. */
export const VIEW_DIRECTION = new Vector3(1, 0.75, 1.5).normalize();

/**
 * The distance at which a sphere of `radius` fits a perspective view (vertical field of view `fovDeg`, width/height
 * `aspect`) with `margin` to spare: the narrower of the vertical and horizontal angles must hold the whole sphere,
 * whatever the direction it is seen from (a box's largest side, which fitting tools often use, cuts off its corners).
 */
export function fitDistance(radius: number, fovDeg: number, aspect: number, margin = 1.1): number {
  const vHalf = (fovDeg * Math.PI) / 360;
  const hHalf = Math.atan(Math.tan(vHalf) * aspect);
  return (margin * radius) / Math.sin(Math.min(vHalf, hHalf));
}

/**
 * Places `camera` to look at the centre of `box`'s bounding sphere from `direction`, far enough for the whole model
 * to be visible, with near / far planes that suit its size. Returns the point to orbit around.
 */
export function fitCameraToBox(camera: PerspectiveCamera, box: Box3, direction = VIEW_DIRECTION, margin = 1.1): Vector3 {
  const sphere = box.isEmpty() ? new Sphere(new Vector3(), 1) : box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 1e-6);
  const distance = fitDistance(radius, camera.fov, camera.aspect || 1, margin);
  camera.position.copy(sphere.center).addScaledVector(direction, distance);
  camera.near = Math.max(distance - radius * 2, distance / 1000);
  camera.far = distance + radius * 4;
  camera.lookAt(sphere.center);
  camera.updateProjectionMatrix();
  return sphere.center.clone();
}
