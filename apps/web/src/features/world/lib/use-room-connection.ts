import type { WorldDetails } from '@xr/contract/world';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useRealtimeSocket } from '../../../lib/realtime';
import { useWorldScene } from '../api/world-scene';
import type { JoinValues } from '../components/join-gate';
import { RoomClient, type RoomError } from './room-client';

const GUEST_KEY = 'xr_guest_id';

/** This browser session's anonymous visitor id (kept for the session so a reload is the same guest). */
function guestId(): string {
  let id = sessionStorage.getItem(GUEST_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    sessionStorage.setItem(GUEST_KEY, id);
  }
  return id;
}

/** A room client over the page's shared realtime socket (a new one per socket; it leaves when the socket goes). */
export function useRoomClient(token: string | null): RoomClient | null {
  const socket = useRealtimeSocket(token);
  const [room, setRoom] = useState<RoomClient | null>(null);
  useEffect(() => {
    if (!socket) return;
    const r = new RoomClient(socket);
    setRoom(r);
    return () => {
      r.leave();
      setRoom(null);
    };
  }, [socket]);
  return room;
}

/**
 * A visit of a room whose entry is known: the room's state, its scene from POST /meta/world_scene (the room's access
 * rule, not the market's: at once for public, signed-in and invite rooms, after joining with the password in password
 * rooms), joining, and `fail`, which shows why a room call was refused.
 */
export function useRoomConnection(room: RoomClient, entry: WorldDetails, invite: string | undefined, signedIn: boolean) {
  const { t } = useTranslation('room');
  const { message } = useFeedback();
  const st = room.store.use();
  // The password that let us in (password rooms load their scene with it).
  const [password, setPassword] = useState<string>();
  const needsPassword = entry.access === 'password' && !entry.is_host;
  const sceneQuery = useWorldScene({ entry_id: entry.id, invite, password }, signedIn, !needsPassword || password !== undefined);
  const is3d = (sceneQuery.data?.kind ?? entry.scene_kind) === 'scene';

  const join = (v: JoinValues) => {
    void room
      .join({
        entry_id: entry.id,
        password: v.password || undefined,
        invite,
        guest_id: signedIn ? undefined : guestId(),
        guest_name: signedIn ? undefined : v.guest_name?.trim() || undefined,
      })
      .then(() => {
        if (needsPassword) setPassword(v.password ?? '');
      })
      .catch(() => undefined);
  };
  const fail = useCallback((e: unknown) => void message.error((e as RoomError).message || t('error.failed')), [message, t]);
  return { st, sceneQuery, is3d, join, fail };
}
