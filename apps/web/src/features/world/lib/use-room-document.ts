import { parseSceneDocument, parseTourDocument, pickText, type SceneDetails } from '@xr/contract/scenes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n';
import type { MoveTarget } from '../components/people-list';

/** What the room reads from its scene document: the 3D spawn and floor, and where a host may move people. */
export function useRoomDocument(scene: SceneDetails | undefined, is3d: boolean) {
  const { t: tt } = useTranslation('roomtools');
  const doc = useMemo(() => (scene && is3d ? parseSceneDocument(scene.document) : null), [is3d, scene]);
  const tour = useMemo(() => (scene && !is3d ? parseTourDocument(scene.document) : null), [is3d, scene]);
  const spawn = doc?.success ? doc.data.settings.spawn : null;
  const floorSize = doc?.success ? doc.data.settings.floor.size : 20;
  // A host moves people: to the host's own spot in 3D, to a chosen scene of a tour.
  const moveTargets: MoveTarget[] = is3d
    ? [{ key: 'here', label: tt('move.here') }]
    : tour?.success
      ? tour.data.scenes.map((sc) => ({
          key: sc.id,
          label: tt('move.scene', { name: pickText(sc.name, currentLang()) || sc.id }),
        }))
      : [];
  return { spawn, floorSize, moveTargets };
}
