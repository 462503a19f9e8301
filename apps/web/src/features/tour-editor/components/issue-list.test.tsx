import type { TourDocument } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { placeOf } from './issue-list';

const doc = {
  schema_version: 1,
  kind: 'tour',
  start_scene: 'a',
  scenes: [
    { id: 'a', name: {}, media: { type: 'image360', asset_id: 1 }, hotspots: [{ id: 'h1' }, { id: 'h2' }] },
    { id: 'b', name: {}, media: { type: 'image360', asset_id: 2 }, hotspots: [] },
  ],
  settings: { autorotate: false, gyroscope: true, plan: null },
} as unknown as TourDocument;

describe('placeOf', () => {
  it('names the scene, the hotspot and the field of a schema path', () => {
    expect(placeOf(doc, ['scenes', 0, 'hotspots', 1, 'position', 'yaw'])).toEqual({
      sceneId: 'a',
      hotspotId: 'h2',
      sceneIndex: 0,
      field: 'position',
    });
    expect(placeOf(doc, ['scenes', 1, 'name'])).toEqual({ sceneId: 'b', hotspotId: null, sceneIndex: 1, field: 'name' });
    expect(placeOf(doc, ['start_scene'])).toEqual({ sceneId: null, hotspotId: null, sceneIndex: null, field: 'start_scene' });
    expect(placeOf(doc, ['scenes', 9, 'name']).sceneId).toBeNull();
  });
});
