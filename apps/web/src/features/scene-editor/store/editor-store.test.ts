import { emptySceneDocument, type SceneDocument, type SceneObject, sceneDocument } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { addObjects, rename, setSettings, setTransforms, ungroup, updateObjects } from './commands';
import { createEditorStore, isDirty } from './editor-store';

const model = (id: string, x = 0, library_id = 1): SceneObject =>
  sceneDocument.parse({
    schema_version: 1,
    kind: 'scene',
    objects: [{ id, type: 'model', name: id, source: { library_id }, transform: { position: [x, 0, 0] } }],
  }).objects[0]!;

const npc = (): SceneObject =>
  sceneDocument.parse({
    schema_version: 1,
    kind: 'scene',
    objects: [{ id: 'guide', type: 'npc', name: 'Guide', source: { library_id: 9 }, steps: [] }],
  }).objects[0]!;

const hotspot = (): SceneObject =>
  sceneDocument.parse({
    schema_version: 1,
    kind: 'scene',
    objects: [{ id: 'h1', type: 'hotspot', name: 'Info', hotspot: { id: 'h1', kind: 'text', title: { en: 'Hi' } } }],
  }).objects[0]!;

/** A store loaded with three models; returns it and the starting document. */
function setup() {
  const store = createEditorStore(7);
  const details = {
    id: 7,
    kind: 'scene' as const,
    version: 3,
    state: 'draft' as const,
    access: 'full' as const,
    document: null,
    media: {},
    library: {},
    products: {},
    review: null,
  };
  store.getState().load(details, emptySceneDocument());
  store.getState().exec(addObjects([model('a', 0), model('b', 2), model('c', 4)]));
  return { store, s: () => store.getState() };
}

/** Undo then redo must give back exactly the documents before and after. */
function roundTrip(store: ReturnType<typeof setup>['store'], act: () => void) {
  const before: SceneDocument = store.getState().doc;
  act();
  const after: SceneDocument = store.getState().doc;
  expect(after).not.toEqual(before);
  store.getState().undo();
  expect(store.getState().doc).toEqual(before);
  store.getState().redo();
  expect(store.getState().doc).toEqual(after);
  expect(sceneDocument.safeParse(after).success).toBe(true);
  return after;
}

describe('scene editor store', () => {
  it('adds objects and undoes / redoes the add', () => {
    const { store, s } = setup();
    expect(s().doc.objects.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    roundTrip(store, () => s().exec(addObjects([model('d', 6)])));
    expect(s().version).toBe(3);
  });

  it('moves, rotates and scales (one command each) with undo / redo', () => {
    const { store, s } = setup();
    const t = s().doc.objects[0]!.transform;
    const moved = roundTrip(store, () => s().exec(setTransforms(s().doc, { a: { ...t, position: [1, 0, 2] } }, 'move')));
    expect(moved.objects[0]!.transform.position).toEqual([1, 0, 2]);
    const rotated = roundTrip(store, () =>
      s().exec(setTransforms(s().doc, { a: { ...s().doc.objects[0]!.transform, rotation: [0, Math.PI / 2, 0] } }, 'rotate')),
    );
    expect(rotated.objects[0]!.transform.rotation[1]).toBeCloseTo(Math.PI / 2);
    const scaled = roundTrip(store, () =>
      s().exec(setTransforms(s().doc, { a: { ...s().doc.objects[0]!.transform, scale: [2, 2, 2] } }, 'scale')),
    );
    expect(scaled.objects[0]!.transform.scale).toEqual([2, 2, 2]);
    expect(s().past.map((c) => c.kind)).toEqual(['add', 'move', 'rotate', 'scale']);
  });

  it('duplicates the selection with new ids and selects the copies', () => {
    const { store, s } = setup();
    s().select(['a', 'b']);
    const after = roundTrip(store, () => s().duplicateSelection());
    expect(after.objects).toHaveLength(5);
    expect(new Set(after.objects.map((o) => o.id)).size).toBe(5);
    expect(after.objects[3]!.transform.position).toEqual([0.5, 0, 0.5]);
  });

  it('deletes the selection (with children) and puts it back in place on undo', () => {
    const { store, s } = setup();
    s().select(['b']);
    const after = roundTrip(store, () => s().deleteSelection());
    expect(after.objects.map((o) => o.id)).toEqual(['a', 'c']);
    s().undo();
    expect(s().doc.objects.map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not delete locked objects', () => {
    const { s } = setup();
    s().select(['a']);
    s().toggleLockSelection();
    s().deleteSelection();
    expect(s().doc.objects.map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });

  it('groups objects around their centre (relative positions), ungroups back', () => {
    const { store, s } = setup();
    s().select(['b', 'c']);
    const after = roundTrip(store, () => s().groupSelection('Pair'));
    const group = after.objects.find((o) => o.type === 'group')!;
    expect(group.transform.position).toEqual([3, 0, 0]);
    expect(after.objects.find((o) => o.id === 'b')!).toMatchObject({ parent: group.id, transform: { position: [-1, 0, 0] } });
    // Deleting the group deletes its children too.
    s().select([group.id]);
    s().deleteSelection();
    expect(s().doc.objects.map((o) => o.id)).toEqual(['a']);
    s().undo();
    const ungrouped = roundTrip(store, () => s().exec(ungroup(s().doc, group.id)));
    expect(ungrouped.objects.find((o) => o.id === 'c')!).toMatchObject({ parent: null, transform: { position: [4, 0, 0] } });
  });

  it('locks, hides and renames with undo / redo', () => {
    const { store, s } = setup();
    s().select(['a', 'c']);
    expect(roundTrip(store, () => s().toggleLockSelection()).objects.filter((o) => o.locked)).toHaveLength(2);
    expect(roundTrip(store, () => s().toggleHideSelection()).objects.filter((o) => o.hidden)).toHaveLength(2);
    expect(roundTrip(store, () => s().exec(rename(s().doc, 'b', 'Sofa'))).objects[1]!.name).toBe('Sofa');
    expect(
      s()
        .past.map((c) => c.kind)
        .slice(-3),
    ).toEqual(['lock', 'hide', 'rename']);
  });

  it('changes the settings with undo / redo', () => {
    const { store, s } = setup();
    const after = roundTrip(store, () =>
      s().exec(
        setSettings(s().doc, (st) => ({
          ...st,
          environment: { ...st.environment, preset: 'sunset' },
          fog: { ...st.fog, enabled: true },
          spawn: { position: [1, 0, 8], yaw: 1 },
        })),
      ),
    );
    expect(after.settings.environment.preset).toBe('sunset');
    expect(after.settings.fog.enabled).toBe(true);
  });

  it('edits a hotspot (kind change, text) with undo / redo', () => {
    const { store, s } = setup();
    s().exec(addObjects([hotspot()]));
    const after = roundTrip(store, () =>
      s().exec(
        updateObjects(
          s().doc,
          ['h1'],
          (o) =>
            o.type === 'hotspot' ? { ...o, hotspot: { ...o.hotspot, kind: 'product', project_id: 12 } as typeof o.hotspot } : o,
          'hotspot',
        ),
      ),
    );
    expect(after.objects.at(-1)).toMatchObject({ hotspot: { kind: 'product', project_id: 12 } });
  });

  it('edits NPC steps (add, waypoints, reorder) with undo / redo', () => {
    const { store, s } = setup();
    s().exec(addObjects([npc()]));
    const steps = (o: SceneObject) => (o.type === 'npc' ? o.steps : []);
    const edit = (f: (o: Extract<SceneObject, { type: 'npc' }>) => SceneObject) =>
      s().exec(updateObjects(s().doc, ['guide'], (o) => (o.type === 'npc' ? f(o) : o), 'npc'));
    roundTrip(store, () => edit((o) => ({ ...o, steps: [...o.steps, { type: 'walk', waypoints: [[1, 0, 1]], speed: 1.2 }] })));
    roundTrip(store, () =>
      edit((o) => ({ ...o, steps: [...o.steps, { type: 'say', text: { en: 'Hello' }, radius: 3, seconds: 5 }] })),
    );
    const reordered = roundTrip(store, () => edit((o) => ({ ...o, steps: [o.steps[1]!, o.steps[0]!] })));
    expect(steps(reordered.objects.at(-1)!).map((x) => x.type)).toEqual(['say', 'walk']);
  });

  it('clears the redo list on a new command and tracks the dirty state through saves', () => {
    const { s } = setup();
    expect(isDirty(s())).toBe(true);
    const seq = s().markSaving();
    s().markSaved(4, seq);
    expect(isDirty(s())).toBe(false);
    expect(s().saveState).toBe('saved');
    expect(s().version).toBe(4);
    s().select(['a']);
    s().toggleHideSelection();
    s().undo();
    expect(s().future).toHaveLength(1);
    s().exec(rename(s().doc, 'a', 'x'));
    expect(s().future).toHaveLength(0);
    expect(s().saveState).toBe('dirty');
  });

  it('places validation issues on their objects', () => {
    const { s } = setup();
    s().exec(rename(s().doc, 'b', 'bad\u0001name'));
    expect(s().validate()).toBeNull();
    expect(s().issues).toEqual([expect.objectContaining({ at: 'b', path: 'name', message: 'v.controlChars' })]);
    s().undo();
    expect(s().issues).toEqual([]);
  });

  it('selects by replace, toggle (shift) and add (box)', () => {
    const { s } = setup();
    s().select(['a']);
    s().select(['b'], 'toggle');
    expect(s().selection).toEqual(['a', 'b']);
    s().select(['a'], 'toggle');
    expect(s().selection).toEqual(['b']);
    s().select(['c', 'b'], 'add');
    expect(s().selection).toEqual(['b', 'c']);
  });
});
