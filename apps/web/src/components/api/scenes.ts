import type { RestoreSceneBody, SceneDetails, SceneRevision, SceneVersionReply, SubmitSceneReply } from '@xr/contract/scenes';
import { http } from '../../lib/http';

/**
 * Scene documents (360 tours and 3D scenes), shared by the editors, the viewers and the pages that show them.
 * `scene_details` answers the version the caller may see: the published one for visitors and buyers, the draft for
 * its creator (or a given `version` for the creator and moderators), with signed URLs of every referenced asset.
 */
export const sceneKeys = {
  details: (id: number, version?: number | 'submitted') => ['scene_details', id, version ?? 'latest'] as const,
  revisions: (id: number) => ['scene_revisions', id] as const,
};

export function fetchSceneDetails(id: number, version?: number | 'submitted', signal?: AbortSignal) {
  return http.get<SceneDetails>('/project/scene_details', { id, version }, { signal, silent: true });
}

/** Saves a document over `base_version`; a newer version on the server answers 40940 (SCENE_VERSION_CONFLICT) (reload or overwrite). */
export function saveScene(body: { id: number; base_version: number; document: unknown; force?: boolean }) {
  return http.post<SceneVersionReply>('/project/save_scene', body, { silent: true });
}

export function fetchSceneRevisions(id: number, signal?: AbortSignal) {
  return http.get<SceneRevision[]>('/project/scene_revisions', { id }, { signal });
}

export function restoreScene(body: RestoreSceneBody) {
  return http.post<SceneVersionReply>('/project/restore_scene', body);
}

/** Sends the current draft to review (published once approved). */
export function submitScene(id: number) {
  return http.post<SubmitSceneReply>('/project/submit_scene', { id });
}
