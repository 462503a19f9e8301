import type { WorldEmote } from '@xr/contract/world';
import type { RoomIconName } from '../../../components/room-icons';

/**
 * The picture of each emote (above the avatar, in the emote menu and as a toast): an icon, not an emoji, so it shows
 * in browsers without an emoji font. The emote's name is always written beside it.
 */
export const EMOTE_ICON: Record<WorldEmote, RoomIconName> = {
  wave: 'hand',
  clap: 'sparkles',
  thumbs_up: 'thumbs_up',
  heart: 'heart',
  laugh: 'laugh',
  dance: 'music',
  question: 'question',
};
