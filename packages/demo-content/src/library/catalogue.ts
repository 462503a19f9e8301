import type { LibraryCategory, LibraryKind } from '@xr/contract/library';
import { characterFamily } from './character';
import { FAMILIES } from './families';
import { combination, type Family, familySize, keyOf, nameOf, type Opts, tagsOf } from './family';
import type { Names } from './vocabulary';

/** One generated model as the catalogue lists it, before any geometry is built. */
export interface CatalogueEntry {
  key: string;
  family: string;
  kind: LibraryKind;
  category: LibraryCategory;
  names: Names;
  tags: string[];
  clips: string[];
}

/** Bump when generated models change shape, so stored files are rebuilt (it is part of their storage key). */
export const GENERATOR_VERSION = 1;

const ALL: readonly Family[] = [...FAMILIES, characterFamily];
const byId = new Map(ALL.map((f) => [f.id, f]));

function entryOf(f: Family, o: Opts): CatalogueEntry {
  const character = f === characterFamily;
  return {
    key: keyOf(f, o),
    family: f.id,
    kind: character ? 'character' : 'prop',
    category: f.category,
    names: nameOf(f, o),
    tags: tagsOf(f, o),
    clips: character ? ['idle', 'walk', 'wave'] : [],
  };
}

/**
 * Every generated model, in a fixed order (family by family, combination by combination), computed from the
 * families' parameter axes only: listing 3,000 entries takes milliseconds and builds no geometry.
 */
export function generatedCatalogue(): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  for (const f of ALL) {
    const count = familySize(f);
    for (let i = 0; i < count; i++) out.push(entryOf(f, combination(f, i)));
  }
  return out;
}

/** The family and axis values of a generated key (`gen:<family>:<ids>`), or null when it names none. */
export function resolveKey(key: string): { family: Family; opts: Opts } | null {
  const [prefix, familyId, ids] = key.split(':');
  const f = prefix === 'gen' && familyId ? byId.get(familyId) : undefined;
  if (!f || ids === undefined) return null;
  const parts = ids.split('.');
  if (parts.length !== f.axes.length) return null;
  const opts: Opts = {};
  for (let i = 0; i < f.axes.length; i++) {
    const [name, values] = f.axes[i]!;
    const v = values.find((x) => x.id === parts[i]);
    if (!v) return null;
    opts[name] = v;
  }
  return { family: f, opts };
}
