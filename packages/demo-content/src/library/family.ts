import type { LibraryCategory } from '@xr/contract/library';
import type { MeshBuilder } from './geometry';
import type { Rig } from './rig';
import type { Names, Swatch } from './vocabulary';

/**
 * One value of a family's parameter axis: `id` goes into the model key; `names` (optional) is a word of the model's
 * name (an adjective or a style); `tags` are added to the model; `n` a number and `s` a swatch the builder reads.
 */
export interface Opt {
  id: string;
  names?: Names;
  /** Put the name after the family noun, in brackets (sizes). */
  suffix?: boolean;
  tags?: string[];
  n?: number;
  s?: Swatch;
}

export type Opts = Record<string, Opt>;

/**
 * A parametric family: every combination of its axes is one distinct model (key `gen:<family>:<ids>`), built by
 * `build` into a mesh builder in metres, Y up; the builder is then moved so the origin is at the floor centre.
 */
export interface Family {
  id: string;
  category: LibraryCategory;
  names: Names;
  tags: string[];
  axes: [string, Opt[]][];
  /** Adds the geometry. */
  build(o: Opts, b: MeshBuilder): void;
  /** Rigged families (characters): the skeleton and clips matching the geometry `build` made. */
  rig?(o: Opts): Rig;
}

export const sizes = (...n: number[]): Opt[] => {
  const words: Record<number, [string, Names]> = {
    0: ['s', { zh: '小', tc: '小', en: 'small' }],
    1: ['m', { zh: '中', tc: '中', en: 'medium' }],
    2: ['l', { zh: '大', tc: '大', en: 'large' }],
  };
  const picks = n.length === 2 ? [0, 2] : [0, 1, 2];
  return n.map((v, i) => {
    const [id, names] = words[picks[i]!]!;
    return { id, names, n: v, suffix: true, tags: [names.en] };
  });
};

export const colours = (palette: readonly Swatch[]): Opt[] => palette.map((s) => ({ id: s.id, names: s.names, s, tags: [s.id] }));

/** A style or count value with a name. */
export const st = (id: string, zh: string, tc: string, en: string, n?: number): Opt => ({ id, names: { zh, tc, en }, n });

/** A plain number value without a name (it still changes the shape). */
export const nums = (...v: number[]): Opt[] => v.map((n) => ({ id: String(n), n }));

/** A number value with a name such as "3-seat". */
export const counted = (v: number[], zh: (n: number) => string, tc: (n: number) => string, en: (n: number) => string): Opt[] =>
  v.map((n) => ({ id: String(n), n, names: { zh: zh(n), tc: tc(n), en: en(n) } }));

/** The number of models a family makes. */
export const familySize = (f: Family) => f.axes.reduce((p, [, values]) => p * values.length, 1);

/** The axis values of combination `index` (mixed-radix, last axis fastest). */
export function combination(f: Family, index: number): Opts {
  const out: Opts = {};
  let rest = index;
  for (let i = f.axes.length - 1; i >= 0; i--) {
    const [name, values] = f.axes[i]!;
    out[name] = values[rest % values.length]!;
    rest = Math.floor(rest / values.length);
  }
  return out;
}

/** The key of one combination: `gen:<family>:<value ids in axis order>`. */
export const keyOf = (f: Family, o: Opts) => `gen:${f.id}:${f.axes.map(([name]) => o[name]!.id).join('.')}`;

/** A model's name in three languages: adjectives and styles in axis order, the family noun, then sizes. */
export function nameOf(f: Family, o: Opts): Names {
  const words = f.axes.map(([name]) => o[name]!).filter((x) => x.names);
  const pre = words.filter((x) => !x.suffix);
  const post = words.filter((x) => x.suffix);
  const zhLike = (lang: 'zh' | 'tc') =>
    pre.map((x) => x.names![lang]).join('') +
    f.names[lang] +
    (post.length ? `（${post.map((x) => x.names![lang]).join('，')}）` : '');
  const en =
    [...pre.map((x) => x.names!.en), f.names.en].filter(Boolean).join(' ') +
    (post.length ? `, ${post.map((x) => x.names!.en).join(', ')}` : '');
  return { zh: zhLike('zh'), tc: zhLike('tc'), en: en.charAt(0).toUpperCase() + en.slice(1) };
}

/** Tags of one combination: the family's, then every value's, without repeats. */
export const tagsOf = (f: Family, o: Opts) => [...new Set([...f.tags, ...f.axes.flatMap(([name]) => o[name]!.tags ?? [])])];
