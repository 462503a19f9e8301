import type { WorldEmote } from '@xr/contract/world';

/** The picture of each emote (shown above the avatar, in the people list and as a toast). */
export const EMOTE_EMOJI: Record<WorldEmote, string> = {
  wave: '👋',
  clap: '👏',
  thumbs_up: '👍',
  heart: '❤️',
  laugh: '😂',
  dance: '💃',
  question: '❓',
};
