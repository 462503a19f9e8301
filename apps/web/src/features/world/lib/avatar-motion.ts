import { WORLD_EMOTES, type WorldEmote } from '@xr/contract/world';
import { type AnimationAction, type AnimationClip, AnimationMixer, LoopOnce, LoopRepeat, type Object3D } from 'three';

/** The clips a model avatar plays: `idle` standing, `move` walking (null: none; the idle one stays while moving). */
export interface AvatarClips {
  idle: string | null;
  move: string | null;
}

const IDLE = ['idle', 'idling'];
const WALK = ['walk', 'walking'];
const RUN = ['run', 'running'];

/**
 * The words of a clip's name: its last `|` segment (Blender writes `Armature|Walk`) split at `_`, `-`, `.`, spaces and
 * lower-to-upper case changes (`SitIdle`), lower-cased.
 */
function wordsOf(name: string): string[] {
  const last = name.slice(name.lastIndexOf('|') + 1);
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);
}

/**
 * How well a clip's words name a role: 0 exactly (`Idle`), 1 as first word (`Idle_Sword`), 2 anywhere (`SitIdle`),
 * null not at all.
 */
function rank(words: readonly string[], role: readonly string[]): number | null {
  if (words.length === 0) return null;
  if (words.length === 1 && role.includes(words[0]!)) return 0;
  if (role.includes(words[0]!)) return 1;
  return words.some((w) => role.includes(w)) ? 2 : null;
}

/** The best clip for a role: lowest rank, then fewest words, then the first in the file. */
function best(names: readonly string[], words: readonly string[][], role: readonly string[]): string | null {
  let found: string | null = null;
  let foundRank = Number.POSITIVE_INFINITY;
  let foundWords = 0;
  for (let i = 0; i < names.length; i++) {
    const w = words[i] ?? [];
    const r = rank(w, role);
    if (r === null || r > foundRank || (r === foundRank && w.length >= foundWords)) continue;
    found = names[i] ?? null;
    foundRank = r;
    foundWords = w.length;
  }
  return found;
}

/**
 * The idle and walking clips of a model avatar from its clip names, matched case-insensitively on the last segment
 * (`Idle`, `CharacterArmature|Idle`, `Armature|Walking`). A word every clip starts with is the character's own
 * prefix and is skipped (Quaternius names `Robot_Idle`, `Robot_Walking`, … `Robot_Wave`). Idle falls back to the
 * first clip; moving takes a walk, else a run, else nothing (the idle clip goes on).
 */
export function chooseAvatarClips(names: readonly string[]): AvatarClips {
  if (names.length === 0) return { idle: null, move: null };
  let words = names.map(wordsOf);
  const first = words[0]?.[0];
  const roles = [...IDLE, ...WALK, ...RUN];
  if (names.length > 1 && first && !roles.includes(first) && words.every((w) => w.length > 1 && w[0] === first)) {
    words = words.map((w) => w.slice(1));
  }
  return {
    idle: best(names, words, IDLE) ?? names[0] ?? null,
    move: best(names, words, WALK) ?? best(names, words, RUN),
  };
}

/**
 * The clip names each emote plays, as phrases of a clip name's words in order of preference, and whether the clip
 * repeats while the emote shows (a wave, a dance) or plays once (a nod) before the figure goes back to idle or walk.
 */
export const EMOTE_CLIP_RULES: Record<WorldEmote, { phrases: readonly string[]; loop: boolean }> = {
  wave: { phrases: ['wave', 'waving', 'hello', 'greet', 'greeting', 'hi'], loop: true },
  clap: { phrases: ['clap', 'clapping', 'applaud', 'applause'], loop: true },
  thumbs_up: { phrases: ['thumbs up', 'thumb up', 'thumbsup', 'yes', 'nod', 'agree'], loop: false },
  heart: { phrases: ['love', 'heart', 'blow kiss', 'kiss', 'hug'], loop: false },
  laugh: { phrases: ['laugh', 'laughing', 'cheer', 'cheering', 'celebrate', 'celebration', 'victory'], loop: true },
  dance: { phrases: ['dance', 'dancing'], loop: true },
  question: {
    phrases: ['shrug', 'question', 'confused', 'thinking', 'think', 'raise hand', 'hand raise', 'hand up'],
    loop: false,
  },
};

/** The emotes a model has a clip of, with the clip's name. */
export type EmoteClips = Partial<Record<WorldEmote, string>>;

/** Whether the words of `phrase` occur in `words` one after the other, at any place. */
function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((p, j) => words[i + j] === p)) return true;
  return false;
}

/**
 * The clip each emote plays, from the model's clip names matched case-insensitively by whole words of the last
 * segment (`RobotArmature|Robot_Wave` waves, `Alien_Clapping` claps, `Robot_ThumbsUp` then `Robot_Yes` is a thumbs
 * up): the earliest phrase of the emote's list wins, then the clip with the fewest other words (`Wave` before
 * `Wave_Sword`), then the first in the file. The idle and walking clips (`exclude`) are never an emote's. An emote
 * without a clip is absent: the figure shows it its own way.
 */
export function chooseEmoteClips(names: readonly string[], exclude: readonly (string | null)[] = []): EmoteClips {
  const words = names.map(wordsOf);
  const out: EmoteClips = {};
  for (const emote of WORLD_EMOTES) {
    let found: { name: string; extra: number } | null = null;
    const phrases = EMOTE_CLIP_RULES[emote].phrases;
    for (let phrase = 0; phrase < phrases.length && !found; phrase++) {
      const p = (phrases[phrase] ?? '').split(' ');
      for (let i = 0; i < names.length; i++) {
        const name = names[i] ?? '';
        const w = words[i] ?? [];
        if (exclude.includes(name) || !hasPhrase(w, p)) continue;
        const extra = w.length - p.length;
        if (!found || extra < found.extra) found = { name, extra };
      }
    }
    if (found) out[emote] = found.name;
  }
  return out;
}

/** Speeds (m/s) at which a person starts and stops counting as walking: apart, so a slowing walk does not flicker. */
const START_SPEED = 0.5;
const STOP_SPEED = 0.2;
/** Faster than this between two frames is a jump (a host's "move here"), not a walk. */
const JUMP_SPEED = 12;
/** Time constant (s) of the speed's smoothing. */
const SMOOTHING = 0.1;

/** A person's horizontal movement as their avatar shows it; updated in place every frame (nothing allocated). */
export interface AvatarMotion {
  /** Walking (the walk clip plays). */
  moving: boolean;
  /** Smoothed horizontal speed, m/s. */
  speed: number;
  x: number;
  z: number;
  /** Whether `x`/`z` hold a position yet. */
  placed: boolean;
}

export function createAvatarMotion(): AvatarMotion {
  return { moving: false, speed: 0, x: 0, z: 0, placed: false };
}

/** Feeds the position drawn this frame (`dt` seconds after the last one) into the movement. */
export function trackMotion(m: AvatarMotion, x: number, z: number, dt: number): void {
  if (!m.placed || !(dt > 0)) {
    m.placed = true;
    m.x = x;
    m.z = z;
    return;
  }
  const v = Math.hypot(x - m.x, z - m.z) / dt;
  m.x = x;
  m.z = z;
  m.speed = v > JUMP_SPEED ? 0 : m.speed + (v - m.speed) * Math.min(1, dt / SMOOTHING);
  if (m.moving ? m.speed < STOP_SPEED : m.speed > START_SPEED) m.moving = !m.moving;
}

/** The person is no longer drawn: the next position starts afresh, standing. */
export function resetMotion(m: AvatarMotion): void {
  m.placed = false;
  m.moving = false;
  m.speed = 0;
}

/** Seconds a cross-fade between standing and walking takes. */
export const CROSS_FADE = 0.3;
/** The walking speed (m/s) a walk clip is played at its own pace; faster or slower steps play it faster or slower. */
const CLIP_WALK_SPEED = 1.6;

/**
 * A model avatar's animation: one AnimationMixer on the figure playing its idle clip while the person stands and
 * its walk (or run) clip while they move, cross-faded by weight. Both actions run all along (a weight of 0 costs
 * nothing to evaluate), so switching back and forth mid-fade never jumps. An emote with a clip of its own
 * (`chooseEmoteClips`) fades that clip in over idle and walk on the same mixer, and out again when the emote ends, its
 * clip played once has ended, or the person walks (a looping emote resumes when they stop while it still shows). A
 * model without clips does nothing.
 */
export class AvatarAnimator {
  readonly mixer: AnimationMixer;
  readonly clips: AvatarClips;
  readonly idle: AnimationAction | null;
  readonly move: AnimationAction | null;
  readonly emoteClips: EmoteClips;
  /** 0 standing … 1 walking. */
  blend = 0;
  /** The emote clip's action playing or fading out, null when none. */
  emoteAction: AnimationAction | null = null;
  /** 0 idle or walk … 1 the emote's clip. */
  emoteBlend = 0;
  /** Whether the emote still wants its clip shown (false once it ended). */
  private emoteOn = false;
  private emoteKey: unknown = null;

  constructor(
    private readonly root: Object3D,
    private readonly animations: readonly AnimationClip[],
  ) {
    this.mixer = new AnimationMixer(root);
    const names = animations.map((c) => c.name);
    this.clips = chooseAvatarClips(names);
    this.emoteClips = chooseEmoteClips(names, [this.clips.idle, this.clips.move]);
    const clipOf = (name: string | null) => animations.find((c) => c.name === name);
    const idle = clipOf(this.clips.idle);
    const move = this.clips.move === this.clips.idle ? undefined : clipOf(this.clips.move);
    this.idle = idle ? this.mixer.clipAction(idle) : null;
    this.move = move ? this.mixer.clipAction(move) : null;
    this.idle?.setEffectiveWeight(1).play();
    this.move?.setEffectiveWeight(0).play();
  }

  /**
   * The emote showing (null: none). `key` tells one emote from the next of the same kind, whose clip starts again;
   * an emote without a clip of this model fades out the clip of the one before.
   */
  setEmote(kind: string | null, key: unknown = kind): void {
    if (key === this.emoteKey) return;
    this.emoteKey = key;
    const rule = kind ? EMOTE_CLIP_RULES[kind as WorldEmote] : undefined;
    const name = rule ? this.emoteClips[kind as WorldEmote] : undefined;
    const clip = name ? this.animations.find((c) => c.name === name) : undefined;
    if (!rule || !clip) {
      this.emoteOn = false;
      return;
    }
    const action = this.mixer.clipAction(clip);
    // a new emote's clip takes over the share of the one before (no second fade)
    if (this.emoteAction && this.emoteAction !== action) this.emoteAction.stop();
    action.reset();
    action.setLoop(rule.loop ? LoopRepeat : LoopOnce, Number.POSITIVE_INFINITY);
    action.clampWhenFinished = true;
    action.setEffectiveWeight(this.emoteBlend).play();
    this.emoteAction = action;
    this.emoteOn = true;
  }

  /** Advances `dt` seconds, fading towards the walk while `motion.moving` (its pace following the speed). */
  update(dt: number, motion: AvatarMotion | null | undefined): void {
    if (!this.idle && !this.move && !this.emoteAction) return;
    const moving = !!motion?.moving;
    const step = dt / CROSS_FADE;
    const toward = (from: number, to: number) => (to > from ? Math.min(to, from + step) : Math.max(to, from - step));
    const target = moving && this.move ? 1 : 0;
    this.blend = toward(this.blend, target);
    const emote = this.emoteAction;
    // a clip played once has ended (held on its last pose while it fades out)
    if (emote && this.emoteOn && !emote.isRunning()) this.emoteOn = false;
    this.emoteBlend = toward(this.emoteBlend, emote && this.emoteOn && !moving ? 1 : 0);
    const base = 1 - this.emoteBlend;
    this.idle?.setEffectiveWeight((this.move ? 1 - this.blend : 1) * base);
    if (this.move) {
      this.move.setEffectiveWeight(this.blend * base);
      if (moving) this.move.timeScale = Math.min(1.5, Math.max(0.75, (motion?.speed ?? 0) / CLIP_WALK_SPEED));
    }
    emote?.setEffectiveWeight(this.emoteBlend);
    this.mixer.update(dt);
    if (emote && !this.emoteOn && this.emoteBlend === 0) {
      emote.stop();
      this.emoteAction = null;
    }
  }

  dispose(): void {
    this.mixer.stopAllAction();
    this.mixer.uncacheRoot(this.root);
  }
}

/** Whether an object is drawn: it and every parent visible (an absent person's avatar is hidden, not unmounted). */
export function isShown(o: Object3D | null): boolean {
  if (!o) return false;
  for (let p: Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}
