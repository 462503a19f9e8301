import { useQuery } from '@tanstack/react-query';
import type { SceneDetails } from '@xr/contract/scenes';
import type { WorldSceneBody } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { roomKeys } from './keys';

/**
 * POST /meta/world_scene: the room's scene (3D scene or 360 tour) for whoever may enter the room, even when its
 * project is paid and not bought or not in the market. Password rooms ask once the password is known (after joining).
 */
export function useWorldScene(body: WorldSceneBody, signedIn: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...roomKeys.scene(body.entry_id), body.invite ?? '', body.password ?? '', signedIn],
    queryFn: ({ signal }) => http.post<SceneDetails>('/meta/world_scene', body, { signal, silent: true }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
