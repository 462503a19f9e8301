import type { SceneObject } from '@xr/contract/scenes';
import { type CommandKind, updateObjects } from '../../store/commands';
import { useEditorContext } from '../editor-context';

/** An object of one kind. */
export type Obj<T extends SceneObject['type']> = Extract<SceneObject, { type: T }>;

/** Applies a change to one object as a command of `kind`. */
export function useChange(id: string) {
  const { store } = useEditorContext();
  return (change: (o: SceneObject) => SceneObject, kind: CommandKind = 'update') => {
    const s = store.getState();
    s.exec(updateObjects(s.doc, [id], change, kind));
  };
}
