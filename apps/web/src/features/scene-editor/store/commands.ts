import type { SceneDocument, SceneObject, SceneSettings, Transform, Vec3 } from '@xr/contract/scenes';

/**
 * Editor commands: every change to the document is one of these, with `do` and `undo` as pure functions of the
 * document, so undo/redo, autosave and the dirty state all come from the store's history.
 */
export type CommandKind =
  | 'add'
  | 'delete'
  | 'update'
  | 'move'
  | 'rotate'
  | 'scale'
  | 'transform'
  | 'duplicate'
  | 'group'
  | 'ungroup'
  | 'lock'
  | 'hide'
  | 'rename'
  | 'settings'
  | 'hotspot'
  | 'npc'
  | 'light';

export interface Command {
  kind: CommandKind;
  do(doc: SceneDocument): SceneDocument;
  undo(doc: SceneDocument): SceneDocument;
}

let seq = 0;
/** A new element id, unique in the document (`prefix` + time + counter, URL-safe, ≤ 40 chars). */
export function newId(prefix: string, doc?: SceneDocument): string {
  const taken = new Set(doc?.objects.map((o) => o.id));
  let id: string;
  do {
    seq += 1;
    id = `${prefix}_${Date.now().toString(36)}${seq.toString(36)}`.slice(0, 40);
  } while (taken.has(id));
  return id;
}

/** The object and all its descendants (ids). */
export function withDescendants(doc: SceneDocument, ids: readonly string[]): Set<string> {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of doc.objects)
      if (o.parent && out.has(o.parent) && !out.has(o.id)) {
        out.add(o.id);
        grew = true;
      }
  }
  return out;
}

/** Adds objects (at the end of the list). */
export function addObjects(objects: SceneObject[], kind: CommandKind = 'add'): Command {
  const ids = new Set(objects.map((o) => o.id));
  return {
    kind,
    do: (doc) => ({ ...doc, objects: [...doc.objects, ...objects] }),
    undo: (doc) => ({ ...doc, objects: doc.objects.filter((o) => !ids.has(o.id)) }),
  };
}

/** Deletes objects with their descendants; undo puts them back at their places. */
export function deleteObjects(doc: SceneDocument, ids: readonly string[]): Command {
  const gone = withDescendants(doc, ids);
  const removed = doc.objects.map((o, i) => [i, o] as const).filter(([, o]) => gone.has(o.id));
  return {
    kind: 'delete',
    do: (d) => ({ ...d, objects: d.objects.filter((o) => !gone.has(o.id)) }),
    undo: (d) => {
      const objects = [...d.objects];
      for (const [i, o] of removed) objects.splice(i, 0, o);
      return { ...d, objects };
    },
  };
}

/**
 * Replaces objects by id with new versions (`change` gets the current object). Used by every edit of an object:
 * move / rotate / scale, lock, hide, rename, light, hotspot and NPC edits.
 */
export function updateObjects(
  doc: SceneDocument,
  ids: readonly string[],
  change: (o: SceneObject) => SceneObject,
  kind: CommandKind = 'update',
): Command {
  const before = new Map<string, SceneObject>();
  const after = new Map<string, SceneObject>();
  for (const o of doc.objects)
    if (ids.includes(o.id)) {
      before.set(o.id, o);
      after.set(o.id, change(o));
    }
  const apply = (m: Map<string, SceneObject>) => (d: SceneDocument) => ({
    ...d,
    objects: d.objects.map((o) => m.get(o.id) ?? o),
  });
  return { kind, do: apply(after), undo: apply(before) };
}

/** Sets the transforms of objects (the gizmo's result, or the inspector's fields). */
export function setTransforms(
  doc: SceneDocument,
  transforms: Record<string, Transform>,
  kind: 'move' | 'rotate' | 'scale' | 'transform' = 'transform',
): Command {
  return updateObjects(doc, Object.keys(transforms), (o) => ({ ...o, transform: transforms[o.id] ?? o.transform }), kind);
}

export const setLocked = (doc: SceneDocument, ids: readonly string[], locked: boolean) =>
  updateObjects(doc, ids, (o) => ({ ...o, locked }), 'lock');
export const setHidden = (doc: SceneDocument, ids: readonly string[], hidden: boolean) =>
  updateObjects(doc, ids, (o) => ({ ...o, hidden }), 'hide');
export const rename = (doc: SceneDocument, id: string, name: string) =>
  updateObjects(doc, [id], (o) => ({ ...o, name }), 'rename');

/** Copies objects (and their descendants) with new ids, offset by `offset`; children keep their copied parent. */
export function duplicateObjects(
  doc: SceneDocument,
  ids: readonly string[],
  offset: Vec3 = [0.5, 0, 0.5],
): {
  command: Command;
  newIds: string[];
} {
  const all = withDescendants(doc, ids);
  const map = new Map<string, string>();
  for (const o of doc.objects) if (all.has(o.id)) map.set(o.id, newId(o.type, doc));
  const copies: SceneObject[] = doc.objects
    .filter((o) => all.has(o.id))
    .map((o) => {
      const top = !o.parent || !all.has(o.parent);
      const p = o.transform.position;
      return {
        ...structuredClone(o),
        id: map.get(o.id)!,
        name: o.name,
        parent: top ? o.parent : map.get(o.parent!)!,
        transform: top
          ? { ...o.transform, position: [p[0] + offset[0], p[1] + offset[1], p[2] + offset[2]] as Vec3 }
          : o.transform,
      };
    });
  const newIds = ids.map((id) => map.get(id)!).filter(Boolean);
  return { command: addObjects(copies, 'duplicate'), newIds };
}

/**
 * Groups objects under a new group placed at their centre (on the floor): their positions become relative to it.
 * Objects already inside another group keep only their top-most selected ancestor.
 */
export function groupObjects(doc: SceneDocument, ids: readonly string[], name: string): { command: Command; groupId: string } {
  const byId = new Map(doc.objects.map((o) => [o.id, o]));
  const chosen = ids.filter((id) => {
    let p = byId.get(id)?.parent ?? null;
    while (p) {
      if (ids.includes(p)) return false;
      p = byId.get(p)?.parent ?? null;
    }
    return byId.has(id);
  });
  const members = chosen.map((id) => byId.get(id)!);
  const parent = members[0]?.parent ?? null;
  const sameParent = members.every((m) => m.parent === parent);
  const n = Math.max(1, members.length);
  const centre: Vec3 = [
    members.reduce((s, m) => s + m.transform.position[0], 0) / n,
    0,
    members.reduce((s, m) => s + m.transform.position[2], 0) / n,
  ];
  const groupId = newId('group', doc);
  const group: SceneObject = {
    id: groupId,
    type: 'group',
    name,
    parent: sameParent ? parent : null,
    transform: { position: centre, rotation: [0, 0, 0], scale: [1, 1, 1] },
    locked: false,
    hidden: false,
  };
  const before = new Map(members.map((m) => [m.id, m]));
  const after = new Map(
    members.map((m) => {
      const p = m.transform.position;
      return [
        m.id,
        {
          ...m,
          parent: groupId,
          transform: { ...m.transform, position: [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]] as Vec3 },
        },
      ];
    }),
  );
  return {
    groupId,
    command: {
      kind: 'group',
      do: (d) => ({ ...d, objects: [...d.objects.map((o) => after.get(o.id) ?? o), group] }),
      undo: (d) => ({ ...d, objects: d.objects.filter((o) => o.id !== groupId).map((o) => before.get(o.id) ?? o) }),
    },
  };
}

/** Dissolves a group: its children move to the group's parent with the group's offset added. */
export function ungroup(doc: SceneDocument, groupId: string): Command {
  const group = doc.objects.find((o) => o.id === groupId);
  const index = doc.objects.findIndex((o) => o.id === groupId);
  const children = doc.objects.filter((o) => o.parent === groupId);
  const before = new Map(children.map((c) => [c.id, c]));
  const g = group?.transform.position ?? [0, 0, 0];
  const after = new Map(
    children.map((c) => {
      const p = c.transform.position;
      return [
        c.id,
        {
          ...c,
          parent: group?.parent ?? null,
          transform: { ...c.transform, position: [p[0] + g[0], p[1] + g[1], p[2] + g[2]] as Vec3 },
        },
      ];
    }),
  );
  return {
    kind: 'ungroup',
    do: (d) => ({ ...d, objects: d.objects.filter((o) => o.id !== groupId).map((o) => after.get(o.id) ?? o) }),
    undo: (d) => {
      const objects = d.objects.map((o) => before.get(o.id) ?? o);
      if (group) objects.splice(index, 0, group);
      return { ...d, objects };
    },
  };
}

/** Changes the scene settings (lights of the environment, sky, floor, fog, start point). */
export function setSettings(doc: SceneDocument, change: (s: SceneSettings) => SceneSettings): Command {
  const before = doc.settings;
  const after = change(before);
  return { kind: 'settings', do: (d) => ({ ...d, settings: after }), undo: (d) => ({ ...d, settings: before }) };
}

/**
 * Where a new object goes near `centre` (the floor point the view looks at) without landing inside one already there:
 * the centre if no top-level model, NPC, group or hotspot stands too close (on the floor plane), otherwise the nearest
 * free point of rings of candidates around it, on a `spacing` grid. Too close is `spacing` metres, or more for an
 * object whose footprint is known (`footprint(id)`: the radius of its bounds on the floor, so a 2 m model keeps the
 * next one clear of it). Clicking "add" three times gives three objects side by side, not three inside each other.
 */
export function freeSpot(
  doc: SceneDocument,
  centre: Vec3,
  spacing = 1.5,
  footprint: (id: string) => number | undefined = () => undefined,
): Vec3 {
  const taken = doc.objects
    .filter((o) => o.parent === null && (o.type === 'model' || o.type === 'npc' || o.type === 'group' || o.type === 'hotspot'))
    .map((o) => ({ p: o.transform.position, clear: Math.max(spacing, (footprint(o.id) ?? 0) + spacing / 2) }));
  const free = (x: number, z: number) => taken.every(({ p, clear }) => Math.hypot(p[0] - x, p[2] - z) >= clear - 1e-6);
  for (let ring = 0; ring <= 12; ring++) {
    const candidates: [number, number][] = [];
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) if (Math.max(Math.abs(i), Math.abs(j)) === ring) candidates.push([i, j]);
    candidates.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
    for (const [i, j] of candidates) {
      const x = centre[0] + i * spacing;
      const z = centre[2] + j * spacing;
      if (free(x, z)) return [x, centre[1], z];
    }
  }
  return centre;
}
