import type { SceneDocument, SceneObject } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { freeSpot } from './commands';

const model = (id: string, x: number, z: number, parent: string | null = null): SceneObject =>
  ({
    id,
    type: 'model',
    name: id,
    parent,
    transform: { position: [x, 0, z], rotation: [0, 0, 0], scale: [1, 1, 1] },
    locked: false,
    hidden: false,
    source: { library_id: 1 },
    cast_shadow: true,
  }) as SceneObject;
const docOf = (objects: SceneObject[]) => ({ schema_version: 1, kind: 'scene', objects }) as unknown as SceneDocument;

describe('freeSpot', () => {
  it('answers the centre of an empty floor', () => {
    expect(freeSpot(docOf([]), [2, 0, 3])).toEqual([2, 0, 3]);
  });

  it('puts objects added one after another side by side, never inside each other', () => {
    const objects: SceneObject[] = [];
    for (let i = 0; i < 12; i++) {
      const p = freeSpot(docOf(objects), [0, 0, 0]);
      for (const o of objects)
        expect(Math.hypot(o.transform.position[0] - p[0], o.transform.position[2] - p[2])).toBeGreaterThanOrEqual(1.5);
      objects.push(model(`m${i}`, p[0], p[2]));
    }
    // the first ring is used before the second
    expect(
      Math.max(...objects.slice(0, 9).map((o) => Math.max(Math.abs(o.transform.position[0]), Math.abs(o.transform.position[2])))),
    ).toBe(1.5);
  });

  it('ignores children of groups (they move with their group)', () => {
    expect(freeSpot(docOf([model('child', 0, 0, 'g')]), [0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('keeps clear of a big model by its footprint, and of hotspots', () => {
    const big = model('big', 0, 0);
    const p = freeSpot(docOf([big]), [0, 0, 0], 1.5, (id) => (id === 'big' ? 2 : undefined));
    expect(Math.hypot(p[0], p[2])).toBeGreaterThanOrEqual(2.75);
    const spot = { ...model('h', 0, 0), type: 'hotspot' } as unknown as SceneObject;
    expect(freeSpot(docOf([spot]), [0, 0, 0])).not.toEqual([0, 0, 0]);
  });
});
