import { WorldEvent } from '@xr/contract/world';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RoomClient, RoomState } from './room-client';
import { ScreenShare } from './screen-share';
import { useVoice } from './use-voice';

/**
 * A room's voice and screen share: the voice mesh while joined (spatial in 3D rooms, starting muted in classrooms),
 * the host's screen sent over that mesh and drawn on the room's screen (stopping gives back the slides), and the
 * video the presenter's screen share shows here.
 */
export function useRoomMedia(room: RoomClient, st: RoomState, opts: { is3d: boolean; classroom: boolean }) {
  const voice = useVoice(st.phase === 'joined' ? room : null, st.me, st.members, {
    spatial: opts.is3d,
    startMuted: opts.classroom,
    iceServers: st.reply?.ice_servers,
    hosts: st.hosts,
  });

  const meshRef = useRef(voice.mesh);
  meshRef.current = voice.mesh;
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const share = useMemo(
    () =>
      new ScreenShare(
        {
          present: (p) => (p ? room.call(WorldEvent.presentStart, p) : room.call(WorldEvent.presentStop, {})),
          setTrack: (track) => meshRef.current?.setScreen(track),
          getDisplayMedia: () => navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 15 }, audio: false }),
        },
        setSharing,
      ),
    [room],
  );
  useEffect(() => () => void share.stop().catch(() => undefined), [share]);
  // a new mesh (reconnection) gets the shared screen too
  useEffect(() => {
    voice.mesh?.setScreen(share.sharing?.getVideoTracks()[0] ?? null);
  }, [voice.mesh, share]);
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;

  const presenting = st.presenter;
  const screenVideo =
    presenting?.kind === 'screen'
      ? presenting.presenter_member_id === st.me?.member_id
        ? sharing
        : (voice.videos.get(presenting.presenter_member_id) ?? null)
      : null;
  return { voice, sharing, share, canShare, screenVideo };
}
