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
  camera.far = Math.max(2000, distance * 20);
  camera.updateProjectionMatrix();
  camera.lookAt(sphere.center);
  if (controls) {
    controls.target.copy(sphere.center);
    controls.update();
  }
}
