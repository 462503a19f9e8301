import { Box3, BoxGeometry, Group, Mesh, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { contentFramingBox, fitCamera, framingBox, OVERSIZED_METRES } from './camera-fit';

const box = (min: [number, number, number], max: [number, number, number]) => new Box3(new Vector3(...min), new Vector3(...max));

describe('camera framing', () => {
  it('frames the objects of ordinary size and names a model 100× too big instead of framing it', () => {
    const chair = box([-0.3, 0, -0.3], [0.3, 1, 0.3]);
    const npc = box([2, 0, 2], [2.5, 1.8, 2.5]);
    const giantTank = box([-700, 0, -500], [700, 750, 500]);
    const { box: framed, oversized } = framingBox([chair, giantTank, npc]);
    expect(oversized).toEqual([1]);
    expect(framed.min.toArray()).toEqual([-0.3, 0, -0.3]);
    expect(framed.max.toArray()).toEqual([2.5, 1.8, 2.5]);

    // Framed this way the camera stays metres away, the floor and the other objects in view.
    const camera = new PerspectiveCamera(50, 16 / 9, 0.05, 2000);
    fitCamera(camera, null, framed);
    expect(camera.position.length()).toBeLessThan(20);
    // Framing the giant too would have put the camera about a kilometre away.
    fitCamera(camera, null, framed.clone().union(giantTank));
    expect(camera.position.length()).toBeGreaterThan(500);
  });

  it('frames oversized objects when there is nothing else, and keeps the far side in front of the far plane', () => {
    const huge = box([-5000, 0, -5000], [5000, 10, 5000]);
    const { box: framed, oversized } = framingBox([huge]);
    expect(oversized).toEqual([0]);
    expect(framed.equals(huge)).toBe(true);
    const camera = new PerspectiveCamera(50, 1, 0.05, 2000);
    fitCamera(camera, null, framed);
    const farthest = Math.max(
      ...[huge.min, huge.max].flatMap((a) =>
        [huge.min, huge.max].map((b) => camera.position.distanceTo(new Vector3(a.x, b.y, b.z))),
      ),
    );
    expect(camera.far).toBeGreaterThan(farthest);
    expect(OVERSIZED_METRES).toBe(100);
    expect(framingBox([box([0, 0, 0], [100, 1, 1])]).oversized).toEqual([]);
  });

  it('frames a viewer’s content by its objects, a 600× scaled one left out', () => {
    const root = new Group();
    const chair = new Mesh(new BoxGeometry(0.6, 1, 0.6));
    chair.position.set(0, 0.5, 0);
    const giant = new Group();
    giant.add(new Mesh(new BoxGeometry(1, 1, 1)));
    giant.scale.setScalar(600);
    root.add(chair, giant);
    const framed = contentFramingBox(root);
    expect(framed.max.y).toBeCloseTo(1, 6);
    expect(framed.min.x).toBeCloseTo(-0.3, 6);
  });
});
