import {
  ACCESSORIES,
  type AvatarLookParams,
  avatarLook,
  BODY_SHAPES,
  CLOTH_COLORS,
  HAIR_COLORS,
  HAIR_STYLES,
  HEIGHT_MAX,
  HEIGHT_MIN,
  SKIN_TONES,
  TOP_STYLES,
} from '@xr/contract/avatars';

/** The editor's state: the figure's parameters and the name. */
export interface EditorState {
  name: string;
  look: AvatarLookParams;
}

export type EditorAction =
  | { type: 'name'; name: string }
  | { type: 'set'; key: keyof AvatarLookParams; value: AvatarLookParams[keyof AvatarLookParams] }
  | { type: 'randomize'; seed: number }
  | { type: 'reset'; state: EditorState };

const pick = <T>(list: readonly T[], n: number): T => list[Math.abs(Math.floor(n)) % list.length] as T;

/** A random look from the editor's swatches (`seed` picks it, so tests can repeat it). */
export function randomLook(seed: number): AvatarLookParams {
  let s = Math.abs(Math.floor(seed)) % 2147483647 || 1;
  const next = () => {
    s = (s * 48271) % 2147483647;
    return s;
  };
  const steps = Math.round(((HEIGHT_MAX - HEIGHT_MIN) / 0.01) * (next() / 2147483647));
  return {
    body: pick(BODY_SHAPES, next()),
    height: Math.round((HEIGHT_MIN + steps * 0.01) * 100) / 100,
    skin: pick(SKIN_TONES, next()),
    hair_style: pick(HAIR_STYLES, next()),
    hair_color: pick(HAIR_COLORS, next()),
    top_style: pick(TOP_STYLES, next()),
    top_color: pick(CLOTH_COLORS, next()),
    bottom_color: pick(CLOTH_COLORS, next()),
    shoes_color: pick(CLOTH_COLORS, next()),
    accessory: pick(ACCESSORIES, next()),
  };
}

/**
 * The editor's reducer: every control dispatches one action. A value the contract's look schema refuses (an
 * unknown choice, a colour that is not `#rrggbb`, a height out of range) leaves the state as it was, so the
 * preview and the saved look are always valid.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'name':
      return { ...state, name: action.name };
    case 'set': {
      const look = { ...state.look, [action.key]: action.value };
      if (action.key === 'height' && typeof action.value === 'number') look.height = Math.round(action.value * 100) / 100;
      return avatarLook.safeParse(look).success ? { ...state, look } : state;
    }
    case 'randomize':
      return { ...state, look: randomLook(action.seed) };
    case 'reset':
      return action.state;
    default:
      return state;
  }
}

/** Whether the state can be saved: a trimmed name of 1 to 30 characters. */
export const canSave = (s: EditorState) => s.name.trim().length > 0 && s.name.trim().length <= 30;
