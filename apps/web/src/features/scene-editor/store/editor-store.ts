import { type ResolvedMedia, type SceneDetails, type SceneDocument, type SceneObject, sceneDocument } from '@xr/contract/scenes';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Command, deleteObjects, duplicateObjects, groupObjects, setHidden, setLocked } from './commands';

export type GizmoMode = 'translate' | 'rotate' | 'scale';
/** `invalid`: not sent, the document has problems to fix (marked where they are); `failed`: the server refused or was unreachable. */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'failed' | 'invalid' | 'conflict';

/** What a click in the viewport does besides selecting: place waypoints of an NPC's walk step. */
export type ViewportTool = { kind: 'waypoint'; npc: string; step: number } | null;

/** Download size and triangle count of a library model or an upload, when known before loading it. */
export interface ModelMeta {
  name: string;
  triangles?: number;
  bytes?: number;
  kind?: 'prop' | 'character';
}

/** A validation problem at its place: the object (or `settings`) and the field path inside it. */
export interface PlacedIssue {
  /** Object id, `settings`, or `document`. */
  at: string;
  path: string;
  message: string;
}

export interface EditorState {
  projectId: number;
  /** The version the document was loaded from or last saved as (`base_version` of the next save). */
  version: number;
  details: SceneDetails;
  doc: SceneDocument;
  selection: string[];
  past: Command[];
  future: Command[];
  /** Increases with every change (do, undo, redo); `savedSeq` is its value at the last save. */
  changeSeq: number;
  savedSeq: number;
  saveState: SaveState;
  saveError: string | null;
  gizmo: GizmoMode;
  snap: boolean;
  /** Grid step (m) and angle step (rad) of the snapping. */
  gridStep: number;
  angleStep: number;
  tool: ViewportTool;
  models: Record<string, ModelMeta>;
  issues: PlacedIssue[];
}

export interface EditorActions {
  /** Starts over with a loaded document (first load, reload after a conflict, restored revision). */
  load(details: SceneDetails, doc: SceneDocument): void;
  exec(command: Command): void;
  undo(): void;
  redo(): void;
  select(ids: string[], mode?: 'replace' | 'toggle' | 'add'): void;
  setGizmo(mode: GizmoMode): void;
  setSnap(on: boolean): void;
  setTool(tool: ViewportTool): void;
  /** Makes a resolved model or medium known to the viewport (library item picked, upload processed). */
  addMedia(kind: 'media' | 'library', media: ResolvedMedia, meta?: ModelMeta): void;
  deleteSelection(): void;
  duplicateSelection(): void;
  groupSelection(name: string): void;
  toggleLockSelection(): void;
  toggleHideSelection(): void;
  /** Validates with the contract schema; keeps the issues at their places and returns the parsed document. */
  validate(): SceneDocument | null;
  markSaving(): number;
  markSaved(version: number, seq: number): void;
  markFailed(state: 'failed' | 'invalid' | 'conflict', message: string | null): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

/** The details of a project without a scene yet: an empty draft at version 0 (the first save creates it). */
export const emptySceneDetails = (id: number): SceneDetails => ({
  id,
  kind: 'scene',
  version: 0,
  state: 'draft',
  access: 'full',
  document: null,
  media: {},
  library: {},
  products: {},
  review: null,
});

/** Turns a zod issue path into its place: the object's id (objects[i] → id) or the settings. */
export function placeIssues(doc: SceneDocument, issues: { path: PropertyKey[]; message: string }[]): PlacedIssue[] {
  return issues.map((i) => {
    const [head, index, ...rest] = i.path;
    if (head === 'objects' && typeof index === 'number') {
      return { at: doc.objects[index]?.id ?? 'document', path: rest.join('.'), message: i.message };
    }
    if (head === 'settings') return { at: 'settings', path: [index, ...rest].join('.'), message: i.message };
    return { at: 'document', path: i.path.join('.'), message: i.message };
  });
}

/** Creates the store of one editor session (one per page: tests create their own). */
export function createEditorStore(projectId: number): EditorStore {
  return createStore<EditorState & EditorActions>()((set, get) => {
    const change = (doc: SceneDocument, past: Command[], future: Command[]) => {
      const s = get();
      set({ doc, past, future, changeSeq: s.changeSeq + 1, saveState: 'dirty' });
      // Drop selected ids that no longer exist.
      const ids = new Set(doc.objects.map((o) => o.id));
      if (s.selection.some((id) => !ids.has(id))) set({ selection: s.selection.filter((id) => ids.has(id)) });
      if (s.issues.length) get().validate();
    };
    return {
      projectId,
      version: 0,
      details: emptySceneDetails(projectId),
      doc: sceneDocument.parse({ schema_version: 1, kind: 'scene' }),
      selection: [],
      past: [],
      future: [],
      changeSeq: 0,
      savedSeq: 0,
      saveState: 'saved',
      saveError: null,
      gizmo: 'translate',
      snap: true,
      gridStep: 0.25,
      angleStep: Math.PI / 12,
      tool: null,
      models: {},
      issues: [],

      load(details, doc) {
        set({
          details,
          doc,
          version: details.version,
          selection: [],
          past: [],
          future: [],
          changeSeq: 0,
          savedSeq: 0,
          saveState: 'saved',
          saveError: null,
          tool: null,
          issues: [],
        });
      },
      exec(command) {
        const s = get();
        change(command.do(s.doc), [...s.past, command], []);
      },
      undo() {
        const s = get();
        const command = s.past.at(-1);
        if (!command) return;
        change(command.undo(s.doc), s.past.slice(0, -1), [command, ...s.future]);
      },
      redo() {
        const s = get();
        const command = s.future[0];
        if (!command) return;
        change(command.do(s.doc), [...s.past, command], s.future.slice(1));
      },
      select(ids, mode = 'replace') {
        const cur = get().selection;
        if (mode === 'replace') set({ selection: [...new Set(ids)] });
        else if (mode === 'add') set({ selection: [...new Set([...cur, ...ids])] });
        else {
          const next = cur.filter((id) => !ids.includes(id));
          for (const id of ids) if (!cur.includes(id)) next.push(id);
          set({ selection: next });
        }
      },
      setGizmo: (gizmo) => set({ gizmo }),
      setSnap: (snap) => set({ snap }),
      setTool: (tool) => set({ tool }),
      addMedia(kind, media, meta) {
        const s = get();
        const key = String(media.id);
        const details = { ...s.details, [kind]: { ...s.details[kind], [key]: media } };
        set({ details, models: meta ? { ...s.models, [`${kind}:${key}`]: meta } : s.models });
      },
      deleteSelection() {
        const s = get();
        const ids = s.selection.filter((id) => !s.doc.objects.find((o) => o.id === id)?.locked);
        if (!ids.length) return;
        s.exec(deleteObjects(s.doc, ids));
        set({ selection: [] });
      },
      duplicateSelection() {
        const s = get();
        if (!s.selection.length) return;
        const { command, newIds } = duplicateObjects(s.doc, s.selection);
        s.exec(command);
        set({ selection: newIds });
      },
      groupSelection(name) {
        const s = get();
        if (!s.selection.length) return;
        const { command, groupId } = groupObjects(s.doc, s.selection, name);
        s.exec(command);
        set({ selection: [groupId] });
      },
      toggleLockSelection() {
        const s = get();
        const objs = s.doc.objects.filter((o) => s.selection.includes(o.id));
        if (objs.length) s.exec(setLocked(s.doc, s.selection, !objs.every((o) => o.locked)));
      },
      toggleHideSelection() {
        const s = get();
        const objs = s.doc.objects.filter((o) => s.selection.includes(o.id));
        if (objs.length) s.exec(setHidden(s.doc, s.selection, !objs.every((o) => o.hidden)));
      },
      validate() {
        const { doc } = get();
        const r = sceneDocument.safeParse(doc);
        if (r.success) {
          set({ issues: [] });
          return r.data;
        }
        set({ issues: placeIssues(doc, r.error.issues) });
        return null;
      },
      markSaving() {
        set({ saveState: 'saving', saveError: null });
        return get().changeSeq;
      },
      markSaved(version, seq) {
        const s = get();
        set({ version, savedSeq: seq, saveState: s.changeSeq === seq ? 'saved' : 'dirty', saveError: null });
      },
      markFailed(saveState, message) {
        set({ saveState, saveError: message });
      },
    };
  });
}

/** React hook over an editor store with a selector. */
export function useEditor<T>(store: EditorStore, selector: (s: EditorState & EditorActions) => T): T {
  return useStore(store, selector);
}

/** The object by id. */
export const objectById = (doc: SceneDocument, id: string | undefined): SceneObject | undefined =>
  id ? doc.objects.find((o) => o.id === id) : undefined;

/** True when the document has changes not yet saved. */
export const isDirty = (s: EditorState) => s.changeSeq !== s.savedSeq;
