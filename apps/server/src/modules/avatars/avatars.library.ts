import { type AvatarModelStats, checkAvatarBudget } from '@xr/contract/avatars';
import { ErrorCode } from '@xr/contract/errors';
import { avatarBudgetFigure, jobFailureMessage } from '@xr/contract/jobs';
import { LANGS, type Lang } from '@xr/contract/lang';
import { AppError } from '../../lib/errors';
import type { LibraryCharacter } from '../library/library.service';
import { measureAvatarGlb } from './avatars.budget';
import type { AvatarsRepository } from './avatars.repository';

/** The library's rigged characters, which anyone may take as avatar (the library service, wired in app.ts). */
export interface AvatarLibrary {
  animatedCharacters(q: { page: number; limit: number }, lang: Lang): Promise<{ list: LibraryCharacter[]; total: number }>;
  animatedCharacter(id: number, lang: Lang): Promise<LibraryCharacter | undefined>;
  /** A model's GLB as the library serves it (null when it has none). */
  glbBytes(id: number): Promise<Uint8Array | null>;
}

/** Characters read from the library per call while listing them all. */
const LIST_BATCH = 100;
/** GLBs measured at once when a list meets characters never measured (the server shares two cores). */
const MEASURE_CONCURRENCY = 2;

/** Runs `run` over `items`, at most `limit` at a time, answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Library characters as avatars, held to the avatar budget an upload is held to (a room draws dozens of people at
 * once): each character's GLB is measured once (`measureAvatarGlb`) and its figures stored, so the list offers only
 * the characters that fit (its count and pages counting those only) and taking one over the budget is refused.
 */
export function createAvatarLibrary(library: AvatarLibrary | undefined, repo: AvatarsRepository) {
  /** Figures known in this process (stored or measured); an imported model's GLB never changes. */
  const known = new Map<number, Promise<AvatarModelStats>>();

  /** A character's figures: known, else stored, else measured now and stored. Refused (40981) when unreadable. */
  function statsOf(modelId: number): Promise<AvatarModelStats> {
    let stats = known.get(modelId);
    if (!stats) {
      stats = (async () => {
        const stored = (await repo.libraryStats([modelId])).get(modelId);
        if (stored) return stored;
        const bytes = library ? await library.glbBytes(modelId) : null;
        if (!bytes) throw new AppError(ErrorCode.AVATAR_NOT_READY);
        let measured: AvatarModelStats;
        try {
          measured = await measureAvatarGlb(bytes);
        } catch {
          throw new AppError(ErrorCode.AVATAR_NOT_READY);
        }
        await repo.saveLibraryStats(modelId, measured);
        return measured;
      })();
      known.set(modelId, stats);
      // a file that could not be read is tried again next time
      stats.catch(() => known.delete(modelId));
    }
    return stats;
  }

  /** Every visible rigged character of the library, in the library's order. */
  async function allCharacters(lang: Lang): Promise<LibraryCharacter[]> {
    if (!library) return [];
    const all: LibraryCharacter[] = [];
    for (let page = 1; ; page++) {
      const { list, total } = await library.animatedCharacters({ page, limit: LIST_BATCH }, lang);
      all.push(...list);
      if (list.length < LIST_BATCH || all.length >= total) return all;
    }
  }

  return {
    /** One visible rigged character (undefined when unknown, hidden, without clips or without a library). */
    character: (id: number, lang: Lang) => (library ? library.animatedCharacter(id, lang) : Promise.resolve(undefined)),

    /**
     * A page of the characters that fit the avatar budget, with their count, and how many the budget leaves out
     * (so an empty list can say why). Figures stored before are read in one query; the others are measured now.
     * A character whose GLB cannot be read is left out (taking it would be refused) and not counted as over budget.
     */
    async fittingPage(q: { page: number; limit: number }, lang: Lang) {
      const all = await allCharacters(lang);
      const unknown = all.map((c) => c.id).filter((id) => !known.has(id));
      for (const [id, stats] of await repo.libraryStats(unknown)) known.set(id, Promise.resolve(stats));
      const figures = await mapLimited(all, MEASURE_CONCURRENCY, (c) => statsOf(c.id).catch(() => null));
      const fitting: LibraryCharacter[] = [];
      let overBudget = 0;
      all.forEach((c, i) => {
        const stats = figures[i];
        if (!stats) return;
        if (checkAvatarBudget(stats)) overBudget++;
        else fitting.push(c);
      });
      const from = (q.page - 1) * q.limit;
      return { list: fitting.slice(from, from + q.limit), total: fitting.length, overBudget };
    },

    /**
     * Refuses a library character over the avatar budget, with the same reason text and figure an upload's refusal
     * shows (40981 on `model_id`); returns its figures.
     */
    async fit(modelId: number): Promise<AvatarModelStats> {
      const stats = await statsOf(modelId);
      const over = checkAvatarBudget(stats);
      if (over) {
        const reason = Object.fromEntries(
          LANGS.map((l) => [
            l,
            `${jobFailureMessage(over.reason, l)}${l === 'en' ? ' ' : ''}${avatarBudgetFigure(over.value, l)}`,
          ]),
        ) as Record<Lang, string>;
        throw new AppError(ErrorCode.AVATAR_NOT_READY, {
          field: 'model_id',
          messageKey: 'avatarLibraryOverBudget',
          localParams: { reason },
        });
      }
      return stats;
    },
  };
}
