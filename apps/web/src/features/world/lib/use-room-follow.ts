import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import type { RoomState } from './room-client';

/**
 * Where a tour room's view is led: a host leading the tour, the host's view followed (until this visitor looks around
 * alone), and the scene a host moved this visitor to (until the host's follow changes again). A move says so in 3D
 * rooms too.
 */
export function useRoomFollow(st: RoomState, is3d: boolean) {
  const { t: tt } = useTranslation('roomtools');
  const { message } = useFeedback();
  const [leading, setLeading] = useState(false);
  const [following, setFollowing] = useState(true);
  const [movedScene, setMovedScene] = useState<{ scene: string; seq: number } | null>(null);
  const movedTo = st.movedTo;
  useEffect(() => {
    if (!movedTo) return;
    if (movedTo.scene) setMovedScene({ scene: movedTo.scene, seq: movedTo.seq });
    void message.info(tt('move.moved'));
  }, [movedTo, message, tt]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new follow target takes over from a move
  useEffect(() => setMovedScene(null), [st.follow]);

  const followTarget =
    !is3d && st.follow && following && !leading && st.follow.host_member_id !== st.me?.member_id
      ? { scene: st.follow.scene_id, yaw: st.follow.yaw, pitch: st.follow.pitch }
      : null;
  const hostName = st.follow ? st.members.find((m) => m.member_id === st.follow?.host_member_id)?.name : undefined;
  return { leading, setLeading, following, setFollowing, movedScene, followTarget, hostName };
}
