import type { TourDocument, TourHotspot, TourScene } from '@xr/contract/scenes';
import { describe, expect, it, vi } from 'vitest';
import { createAutosave, validateTour } from './autosave';
import {
  addHotspot,
  addScene,
  type Command,
  moveScene,
  removeHotspot,
  removeScene,
  setStartScene,
  setStartView,
  updateHotspot,
  updateScene,
  updateSettings,
} from './commands';
import { createTourStore, emptyTour, MERGE_MS } from './tour-store';

const scene = (id: string, type: 'image360' | 'video360' = 'image360', asset_id = 1): TourScene => ({
  id,
  name: { en: id },
  media: { type, asset_id },
  start_view: { yaw: 0, pitch: 0, zoom: 50 },
  background_audio: null,
  hotspots: [],
});

const text = (id: string, yaw = 0): TourHotspot => ({
  id,
  kind: 'text',
  title: { en: id },
  text: {},
  icon: 'info',
  size: 40,
  position: { yaw, pitch: 0 },
  time_range: null,
});

function twoScenes(): TourDocument {
  const d = emptyTour();
  return { ...d, start_scene: 'a', scenes: [scene('a'), scene('b', 'video360', 2)] };
}

describe('tour store commands', () => {
  /** Every kind of command: do changes the document, undo gives back exactly the one before, redo the one after. */
  const cases: [string, (d: TourDocument) => Command][] = [
    ['add-scene', (d) => addScene(d, scene('c'))],
    ['remove-scene', (d) => removeScene(d, 'a')],
    ['move-scene', (d) => moveScene(d, 0, 1)],
    ['start-scene', (d) => setStartScene(d, 'b')],
    ['start-view', (d) => setStartView(d, 'a', { yaw: 1, pitch: 0.2, zoom: 30 })],
    ['update-scene', (d) => updateScene(d, 'a', { background_audio: { asset_id: 9, volume: 0.5, loop: true } })],
    ['add-hotspot', (d) => addHotspot(d, 'a', text('h2'))],
    ['update-hotspot', (d) => updateHotspot(d, 'a', { ...text('h1'), title: { en: 'changed' } })],
    ['remove-hotspot', (d) => removeHotspot(d, 'a', 'h1')],
    ['settings', (d) => updateSettings(d, { autorotate: true })],
  ];
  it.each(cases)('%s: do, undo and redo', (_kind, make) => {
    const base = twoScenes();
    base.scenes[0]!.hotspots = [text('h1')];
    const store = createTourStore(base, 3);
    const cmd = make(store.getState().doc);
    store.run(cmd);
    const after = store.getState().doc;
    expect(after).not.toEqual(base);
    expect(store.isDirty()).toBe(true);
    store.undo();
    expect(store.getState().doc).toEqual(base);
    expect(store.getState().future).toHaveLength(1);
    store.redo();
    expect(store.getState().doc).toEqual(after);
    expect(store.getState().past).toHaveLength(1);
  });

  it('undoes and redoes a whole sequence of every kind in order', () => {
    const store = createTourStore(emptyTour(), 0);
    const snapshots = [store.getState().doc];
    const steps: ((d: TourDocument) => Command)[] = [
      (d) => addScene(d, scene('a')),
      (d) => addScene(d, scene('b', 'video360', 2)),
      (d) => addHotspot(d, 'a', { ...text('go'), kind: 'scene', target_scene: 'b', keep_direction: true }),
      (d) => addHotspot(d, 'b', { ...text('t'), time_range: { start: 2, end: 5 } }),
      (d) => moveScene(d, 1, 0),
      (d) => setStartScene(d, 'b'),
      (d) => setStartView(d, 'b', { yaw: 0.5, pitch: 0, zoom: 40 }),
      (d) => updateScene(d, 'a', { name: { en: 'Hall', zh: '大厅' } }),
      (d) => updateSettings(d, { gyroscope: false }),
      (d) => removeHotspot(d, 'b', 't'),
      (d) => removeScene(d, 'b'),
    ];
    for (const step of steps) {
      store.run(step(store.getState().doc));
      snapshots.push(store.getState().doc);
    }
    // the first scene became the start scene; removing 'b' removed the link to it and moved the start scene
    expect(snapshots[1]!.start_scene).toBe('a');
    expect(store.getState().doc.start_scene).toBe('a');
    expect(store.getState().doc.scenes[0]!.hotspots).toEqual([]);
    for (let i = snapshots.length - 2; i >= 0; i--) {
      store.undo();
      expect(store.getState().doc).toEqual(snapshots[i]);
    }
    for (let i = 1; i < snapshots.length; i++) {
      store.redo();
      expect(store.getState().doc).toEqual(snapshots[i]);
    }
  });

  it('a new command clears redo', () => {
    const store = createTourStore(twoScenes(), 1);
    store.run(setStartScene(store.getState().doc, 'b'));
    store.undo();
    store.run(updateSettings(store.getState().doc, { autorotate: true }));
    expect(store.getState().future).toEqual([]);
    store.redo();
    expect(store.getState().doc.start_scene).toBe('a');
  });

  it('reorders scenes by drag indexes both ways', () => {
    const d = { ...twoScenes(), scenes: [scene('a'), scene('b'), scene('c')] };
    const store = createTourStore(d, 1);
    store.run(moveScene(d, 0, 2));
    expect(store.getState().doc.scenes.map((s) => s.id)).toEqual(['b', 'c', 'a']);
    store.run(moveScene(store.getState().doc, 2, 1));
    expect(store.getState().doc.scenes.map((s) => s.id)).toEqual(['b', 'a', 'c']);
    store.undo();
    store.undo();
    expect(store.getState().doc.scenes.map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('typing in a hotspot field in a quick row is one undo step; a pause starts a new one', () => {
    let t = 1000;
    const base = twoScenes();
    base.scenes[0]!.hotspots = [text('h1')];
    const store = createTourStore(base, 1, () => t);
    for (const title of ['H', 'He', 'Hel']) {
      const h = store.getState().doc.scenes[0]!.hotspots[0]!;
      store.run(updateHotspot(store.getState().doc, 'a', { ...h, title: { en: title } }, 'title'));
      t += 100;
    }
    t += MERGE_MS + 1;
    const h = store.getState().doc.scenes[0]!.hotspots[0]!;
    store.run(updateHotspot(store.getState().doc, 'a', { ...h, title: { en: 'Hello' } }, 'title'));
    expect(store.getState().past).toHaveLength(2);
    store.undo();
    expect(store.getState().doc.scenes[0]!.hotspots[0]!.title.en).toBe('Hel');
    store.undo();
    expect(store.getState().doc.scenes[0]!.hotspots[0]!.title.en).toBe('h1');
  });

  it('edits a hotspot (kind, media, time range) and keeps the selection valid', () => {
    const base = twoScenes();
    base.scenes[1]!.hotspots = [text('v')];
    const store = createTourStore(base, 1);
    store.select('b', 'v');
    const h = store.getState().doc.scenes[1]!.hotspots[0]!;
    store.run(updateHotspot(store.getState().doc, 'b', { ...h, kind: 'image', asset_id: 7, time_range: { start: 1, end: 4 } }));
    const edited = store.getState().doc.scenes[1]!.hotspots[0]!;
    expect(edited).toMatchObject({ kind: 'image', asset_id: 7, time_range: { start: 1, end: 4 } });
    expect(validateTour(store.getState().doc)).toEqual([]);
    store.run(removeHotspot(store.getState().doc, 'b', 'v'));
    expect(store.getState().selectedHotspot).toBeNull();
    store.undo();
    expect(store.getState().doc.scenes[1]!.hotspots[0]).toEqual(edited);
  });

  it('the schema refuses a time range on an image scene and an end before the start, at their place', () => {
    const d = twoScenes();
    d.scenes[0]!.hotspots = [{ ...text('x'), time_range: { start: 1, end: 3 } }];
    d.scenes[1]!.hotspots = [{ ...text('y'), time_range: { start: 5, end: 2 } }];
    const issues = validateTour(d);
    expect(issues).toContainEqual({ path: ['scenes', 0, 'hotspots', 0, 'time_range'], message: 'v.timeRangeVideoOnly' });
    expect(issues).toContainEqual({ path: ['scenes', 1, 'hotspots', 0, 'time_range', 'end'], message: 'v.timeRangeOrder' });
  });
});

describe('autosave', () => {
  it('saves after the delay over the loaded version, then over the answered one', async () => {
    vi.useFakeTimers();
    try {
      const store = createTourStore(twoScenes(), 4);
      const save = vi.fn(async ({ base_version }: { base_version: number }) => ({ version: base_version + 1 }));
      const auto = createAutosave(store, save, 500);
      store.run(setStartScene(store.getState().doc, 'b'));
      expect(auto.getState().status).toBe('pending');
      await vi.advanceTimersByTimeAsync(600);
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![0]).toMatchObject({ base_version: 4 });
      expect(auto.getState().status).toBe('saved');
      expect(store.isDirty()).toBe(false);
      store.run(setStartScene(store.getState().doc, 'a'));
      await vi.advanceTimersByTimeAsync(600);
      expect(save.mock.calls[1]![0]).toMatchObject({ base_version: 5 });
      auto.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not send an invalid document and names the problem', async () => {
    const store = createTourStore(twoScenes(), 1);
    const save = vi.fn(async () => ({ version: 2 }));
    const auto = createAutosave(store, save, 10_000);
    store.run(addHotspot(store.getState().doc, 'a', { ...text('l'), kind: 'link', url: 'javascript:alert(1)' }));
    await auto.flush();
    expect(save).not.toHaveBeenCalled();
    expect(auto.getState()).toMatchObject({
      status: 'invalid',
      issues: [{ path: ['scenes', 0, 'hotspots', 0, 'url'], message: 'v.urlFormat' }],
    });
    auto.dispose();
  });

  it('stops on a conflict until the user overwrites (force)', async () => {
    const store = createTourStore(twoScenes(), 1);
    const save = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('newer version'), { code: 40940 }))
      .mockResolvedValueOnce({ version: 7 });
    const auto = createAutosave(store, save, 10_000);
    store.run(setStartScene(store.getState().doc, 'b'));
    await auto.flush();
    expect(auto.getState().status).toBe('conflict');
    await auto.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await auto.flush(true);
    expect(save.mock.calls[1]![0]).toMatchObject({ force: true, base_version: 1 });
    expect(auto.getState().status).toBe('saved');
    expect(store.getState().version).toBe(7);
    auto.dispose();
  });

  it('shows failed on other errors and retries on the next flush', async () => {
    const store = createTourStore(twoScenes(), 1);
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ version: 2 });
    const auto = createAutosave(store, save, 10_000);
    store.run(setStartScene(store.getState().doc, 'b'));
    await auto.flush();
    expect(auto.getState()).toMatchObject({ status: 'failed', error: 'offline' });
    await auto.flush();
    expect(auto.getState().status).toBe('saved');
    auto.dispose();
  });
});
