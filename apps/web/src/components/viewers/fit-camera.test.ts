import { Box3, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { fitCameraToBox, fitDistance } from './fit-camera';

/** The 8 corners of the box in normalised device coordinates of the camera. */
function cornersNdc(camera: PerspectiveCamera, box: Box3): Vector3[] {
  camera.updateMatrixWorld(true);
  const out: Vector3[] = [];
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) out.push(new Vector3(x, y, z).project(camera));
  return out;
}

describe('fitting the 3D preview camera to the model', () => {
  it('uses the narrower of the two view angles', () => {
    const wide = fitDistance(1, 45, 2);
    const tall = fitDistance(1, 45, 0.5);
    expect(wide).toBeCloseTo(1.1 / Math.sin(Math.PI / 8), 6);
    expect(tall).toBeGreaterThan(wide);
  });

  it('keeps every corner of long, flat and tall models inside the view, whatever the canvas shape', () => {
    const boxes = [
      new Box3(new Vector3(-10, -0.1, -0.5), new Vector3(10, 0.1, 0.5)), // a bench
      new Box3(new Vector3(-0.3, 0, -0.3), new Vector3(0.3, 8, 0.3)), // a lamp post
      new Box3(new Vector3(100, 100, 100), new Vector3(300, 180, 260)), // far from the origin, in centimetres
      new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)),
    ];
    for (const aspect of [0.5, 1, 16 / 9, 3]) {
      for (const box of boxes) {
        const camera = new PerspectiveCamera(45, aspect, 0.1, 1000);
        const target = fitCameraToBox(camera, box);
        expect(target.distanceTo(box.getCenter(new Vector3()))).toBeLessThan(1e-9);
        for (const p of cornersNdc(camera, box)) {
          expect(Math.abs(p.x)).toBeLessThanOrEqual(1);
          expect(Math.abs(p.y)).toBeLessThanOrEqual(1);
          // Between the near and far planes.
          expect(Math.abs(p.z)).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
