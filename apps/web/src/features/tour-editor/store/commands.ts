import type { TourDocument, TourHotspot, TourScene, TourView } from '@xr/contract/scenes';

/**
 * One change of a tour: `do` applies it to a document, `undo` takes it back. Commands capture what they need to
 * undo when they are created (from the document they will be applied to), so undo/redo, autosave and the dirty
 * state all come from the store's one list of commands. `merge` names commands that fold into the previous one
 * when they come in a quick row (typing in a title field is one undo step, not one per key).
 */
export interface Command {
  kind: CommandKind;
  do(doc: TourDocument): TourDocument;
  undo(doc: TourDocument): TourDocument;
  merge?: string;
}

export type CommandKind =
  | 'add-scene'
  | 'remove-scene'
  | 'move-scene'
  | 'start-scene'
  | 'start-view'
  | 'update-scene'
  | 'add-hotspot'
  | 'update-hotspot'
  | 'remove-hotspot'
  | 'settings';

type Settings = TourDocument['settings'];
export type ScenePatch = Partial<Pick<TourScene, 'name' | 'background_audio'>>;

const mapScene = (doc: TourDocument, id: string, f: (s: TourScene) => TourScene): TourDocument => ({
  ...doc,
  scenes: doc.scenes.map((s) => (s.id === id ? f(s) : s)),
});

const sceneOf = (doc: TourDocument, id: string): TourScene => {
  const s = doc.scenes.find((x) => x.id === id);
  if (!s) throw new Error(`unknown scene ${id}`);
  return s;
};

/** Adds a scene at `index` (default: the end); the first scene of a tour becomes its start scene. */
export function addScene(doc: TourDocument, scene: TourScene, index = doc.scenes.length): Command {
  const startBefore = doc.start_scene;
  return {
    kind: 'add-scene',
    do: (d) => {
      const scenes = [...d.scenes];
      scenes.splice(index, 0, scene);
      return { ...d, scenes, start_scene: d.scenes.length === 0 ? scene.id : d.start_scene };
    },
    undo: (d) => ({ ...d, scenes: d.scenes.filter((s) => s.id !== scene.id), start_scene: startBefore }),
  };
}

/**
 * Removes a scene, the scene-link hotspots that lead to it and its point on the plan; the start scene moves to the
 * first remaining scene when it was this one. Undo puts all of it back as it was.
 */
export function removeScene(doc: TourDocument, id: string): Command {
  const before = { scenes: doc.scenes, start_scene: doc.start_scene, settings: doc.settings };
  return {
    kind: 'remove-scene',
    do: (d) => {
      const scenes = d.scenes
        .filter((s) => s.id !== id)
        .map((s) => ({ ...s, hotspots: s.hotspots.filter((h) => !(h.kind === 'scene' && h.target_scene === id)) }));
      const plan = d.settings.plan && { ...d.settings.plan, points: d.settings.plan.points.filter((p) => p.scene !== id) };
      return {
        ...d,
        scenes,
        start_scene: d.start_scene === id ? (scenes[0]?.id ?? '') : d.start_scene,
        settings: { ...d.settings, plan },
      };
    },
    undo: (d) => ({ ...d, ...before }),
  };
}

/** Moves the scene at `from` to `to` (the scene list's drag and drop). */
export function moveScene(_doc: TourDocument, from: number, to: number): Command {
  const move = (d: TourDocument, a: number, b: number) => {
    const scenes = [...d.scenes];
    const [s] = scenes.splice(a, 1);
    if (s) scenes.splice(b, 0, s);
    return { ...d, scenes };
  };
  return { kind: 'move-scene', do: (d) => move(d, from, to), undo: (d) => move(d, to, from) };
}

export function setStartScene(doc: TourDocument, id: string): Command {
  const before = doc.start_scene;
  return {
    kind: 'start-scene',
    do: (d) => ({ ...d, start_scene: id }),
    undo: (d) => ({ ...d, start_scene: before }),
  };
}

/** "Set start view": the direction and zoom the scene opens with. */
export function setStartView(doc: TourDocument, sceneId: string, view: TourView): Command {
  const before = sceneOf(doc, sceneId).start_view;
  return {
    kind: 'start-view',
    do: (d) => mapScene(d, sceneId, (s) => ({ ...s, start_view: view })),
    undo: (d) => mapScene(d, sceneId, (s) => ({ ...s, start_view: before })),
  };
}

/** Name or background sound of a scene. */
export function updateScene(doc: TourDocument, sceneId: string, patch: ScenePatch): Command {
  const s = sceneOf(doc, sceneId);
  const before: ScenePatch = Object.fromEntries(Object.keys(patch).map((k) => [k, s[k as keyof ScenePatch]]));
  return {
    kind: 'update-scene',
    merge: `scene:${sceneId}:${Object.keys(patch).join(',')}`,
    do: (d) => mapScene(d, sceneId, (x) => ({ ...x, ...patch })),
    undo: (d) => mapScene(d, sceneId, (x) => ({ ...x, ...before })),
  };
}

export function addHotspot(_doc: TourDocument, sceneId: string, hotspot: TourHotspot): Command {
  return {
    kind: 'add-hotspot',
    do: (d) => mapScene(d, sceneId, (s) => ({ ...s, hotspots: [...s.hotspots, hotspot] })),
    undo: (d) => mapScene(d, sceneId, (s) => ({ ...s, hotspots: s.hotspots.filter((h) => h.id !== hotspot.id) })),
  };
}

/** Replaces a hotspot with its edited version (side panel fields, a drag on the panorama). */
export function updateHotspot(doc: TourDocument, sceneId: string, next: TourHotspot, merge?: string): Command {
  const before = sceneOf(doc, sceneId).hotspots.find((h) => h.id === next.id);
  if (!before) throw new Error(`unknown hotspot ${next.id}`);
  const put = (h: TourHotspot) => (d: TourDocument) =>
    mapScene(d, sceneId, (s) => ({ ...s, hotspots: s.hotspots.map((x) => (x.id === h.id ? h : x)) }));
  return { kind: 'update-hotspot', merge: merge && `hotspot:${sceneId}:${next.id}:${merge}`, do: put(next), undo: put(before) };
}

export function removeHotspot(doc: TourDocument, sceneId: string, hotspotId: string): Command {
  const list = sceneOf(doc, sceneId).hotspots;
  const index = list.findIndex((h) => h.id === hotspotId);
  const removed = list[index];
  if (!removed) throw new Error(`unknown hotspot ${hotspotId}`);
  return {
    kind: 'remove-hotspot',
    do: (d) => mapScene(d, sceneId, (s) => ({ ...s, hotspots: s.hotspots.filter((h) => h.id !== hotspotId) })),
    undo: (d) =>
      mapScene(d, sceneId, (s) => {
        const hotspots = [...s.hotspots];
        hotspots.splice(index, 0, removed);
        return { ...s, hotspots };
      }),
  };
}

/** Tour settings (autorotate, gyroscope, plan). */
export function updateSettings(doc: TourDocument, patch: Partial<Settings>): Command {
  const before: Partial<Settings> = Object.fromEntries(Object.keys(patch).map((k) => [k, doc.settings[k as keyof Settings]]));
  return {
    kind: 'settings',
    do: (d) => ({ ...d, settings: { ...d.settings, ...patch } }),
    undo: (d) => ({ ...d, settings: { ...d.settings, ...before } }),
  };
}
