import { useTranslation } from 'react-i18next';
import { RoomIcon } from '../../../components/room-icons';
import { EMOTE_ICON } from '../lib/emotes';
import type { RoomState } from '../lib/room-client';

/** Emotes of the last seconds as small toasts over the stage (tour rooms have no figures to show them on). */
export function EmoteToasts({ st }: { st: RoomState }) {
  const { t } = useTranslation('room');
  const now = Date.now();
  const live = Object.entries(st.emotes).filter(([, e]) => e.until > now);
  if (live.length === 0) return null;
  return (
    <ul className="xr-room__emotes" aria-live="polite" data-testid="emote-toasts">
      {live.map(([mid, e]) => (
        <li key={mid}>
          <RoomIcon name={EMOTE_ICON[e.emote]} label={t(`emote.${e.emote}`)} />{' '}
          {st.members.find((m) => m.member_id === Number(mid))?.name ?? ''}
        </li>
      ))}
    </ul>
  );
}
