import { createContext, useContext } from 'react';
import type { Object3D, PerspectiveCamera, Vector3, WebGLRenderer } from 'three';
import type { EditorStore } from '../store/editor-store';

/**
 * What the panels need of the live three.js view: the Object3D of every document object (gizmo, box select,
 * statistics), the camera, the renderer (draw calls), and a few actions the viewport implements.
 */
export interface EditorRuntime {
  objects: Map<string, Object3D>;
  camera: PerspectiveCamera | null;
  gl: WebGLRenderer | null;
  /** The floor point under a screen point (drops, start point), or null when the floor is not under it. */
  floorPoint(clientX: number, clientY: number): Vector3 | null;
  /** Frames the selection (or everything). */
  focus(): void;
  /** The camera's position on the floor and its yaw (for "use current view" of the start point). */
  view(): { position: [number, number, number]; yaw: number } | null;
}

export function createRuntime(): EditorRuntime {
  return {
    objects: new Map(),
    camera: null,
    gl: null,
    floorPoint: () => null,
    focus: () => undefined,
    view: () => null,
  };
}

export interface EditorContextValue {
  store: EditorStore;
  runtime: EditorRuntime;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/** The editor's store and runtime (inside the editor page). */
export function useEditorContext(): EditorContextValue {
  const v = useContext(EditorContext);
  if (!v) throw new Error('useEditorContext outside the scene editor');
  return v;
}
