import { WorldEvent, type WorldHostAction } from '@xr/contract/world';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import type { HostAction, RoomPerson } from '../components/people-list';
import type { RoomClient } from './room-client';

/**
 * What a host's action on a person of the people list sends: a move (to the host's own spot in 3D, to a tour's
 * scene), lowering a hand, a role, or mute / unmute / kick / ban; each says what was done, or why it was refused.
 */
export function useHostActions(room: RoomClient, is3d: boolean, fail: (e: unknown) => void) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const { message } = useFeedback();
  return (action: HostAction, p: RoomPerson, target?: string) => {
    const member_id = Number(p.key);
    if (action === 'move') {
      const here = room.selfPose?.p ?? [0, 0, 0];
      const body: WorldHostAction =
        is3d || !target || target === 'here'
          ? { action: 'move', member_id, x: here[0], y: here[1], z: here[2] }
          : { action: 'move', member_id, x: 0, y: 0, z: 0, scene: target };
      room.host(body).then(() => void message.success(tt('move.done', { name: p.name })), fail);
      return;
    }
    const done = () => void message.success(t(`people.done.${action}`, { name: p.name }));
    if (action === 'lower') {
      room.call(WorldEvent.handLower, { member_id }).then(done, fail);
      return;
    }
    const body: WorldHostAction =
      action === 'promote'
        ? { action: 'role', member_id, role: 'host' }
        : action === 'speaker' || action === 'visitor'
          ? { action: 'role', member_id, role: action }
          : { action, member_id };
    room.host(body).then(done, fail);
  };
}
