import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import {
  LIBRARY_CATEGORIES,
  LIBRARY_CATEGORY_IDS,
  type LibraryCategory,
  type LibraryCategoryItem,
  type LibraryCredit,
  type LibraryModel,
  type LibrarySummary,
  type LocalizedNames,
  type ManagedModel,
  type ManageModelPageQuery,
  type ModelCredit,
  type ModelPageQuery,
  type UpdateModelBody,
} from '@xr/contract/library';
import { MODEL_COARSE_OUTPUT } from '@xr/contract/model-outputs';
import { GENERATOR_VERSION, generatedCatalogue } from '@xr/demo-content/library/catalogue';
import { tagNames } from '@xr/demo-content/library/vocabulary';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { PipelinePool } from '../../lib/pipeline/pool';
import type { Storage } from '../../lib/storage';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ImportedModelInput, ImportReport } from './library.import';
import {
  createLibraryRepository,
  type LibraryFilter,
  type LibraryPageRow,
  type LibraryRow,
  type NewLibraryRow,
} from './library.repository';

/** Job type that builds generated models' files, a batch per job (each job queues the next while work remains). */
export const LIBRARY_BUILD_JOB = 'library.build';
/** Models one build job makes: small, so uploads' processing jobs queued meanwhile wait at most one batch. */
export const LIBRARY_BUILD_BATCH = 40;
/** Most search words used (the rest are ignored). */
const MAX_TERMS = 8;

/** Characters of scripts written without spaces (Chinese, Japanese kana, Korean). */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;

/**
 * The form text is searched in (the same rule as the market's search text): lower-cased, every CJK character
 * tripled, so one- and two-character Chinese words have trigrams for the pg_trgm index and substring matches stay exact.
 */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(CJK, (c) => c + c + c);
}

/** The search text of a model: its names, its category's names and its tags' names, in all three languages. */
export function searchTextOf(names: LocalizedNames, category: string, tags: string[], pack?: string | null): string {
  const cat = LIBRARY_CATEGORIES[category as LibraryCategory];
  const words = [names.zh, names.tc, names.en, ...(cat ? [cat.zh, cat.tc, cat.en] : []), ...(pack ? [pack] : [])];
  for (const t of tags) {
    const n = tagNames(t);
    words.push(t, n.zh, n.tc, n.en);
  }
  return searchForm([...new Set(words)].join(' '));
}

/** File URLs of a model (public: published scenes show library models to every visitor). */
export const modelFileUrl = (id: number) => `/api/library/file/${id}/model.glb`;
export const thumbnailUrl = (id: number) => `/api/library/file/${id}/thumbnail.png`;
/** An imported dense model's coarse version (`coarse_key`), named like an upload's output (`MODEL_COARSE_OUTPUT`). */
export const coarseFileUrl = (id: number) => `/api/library/file/${id}/${MODEL_COARSE_OUTPUT}.glb`;

const nameIn = (r: Pick<LibraryRow, 'nameZh' | 'nameTc' | 'nameEn'>, lang: Lang) =>
  lang === 'en' ? r.nameEn : lang === 'tc' ? r.nameTc : r.nameZh;

/** The credit of a model row: null for generated models, else its pack's (unknown parts stay null). */
export function creditOfRow(r: Pick<LibraryRow, 'source' | 'pack' | 'author' | 'license' | 'sourceUrl'>): LibraryCredit | null {
  if (r.source !== 'imported' || !r.pack) return null;
  return { pack: r.pack, author: r.author, license: r.license, url: r.sourceUrl };
}

function out(r: LibraryPageRow, lang: Lang, variants = 1): LibraryModel {
  return {
    id: r.id,
    name: nameIn(r, lang),
    names: { zh: r.nameZh, tc: r.nameTc, en: r.nameEn },
    kind: r.kind,
    category: (LIBRARY_CATEGORY_IDS as string[]).includes(r.category) ? (r.category as LibraryCategory) : 'imported',
    tags: r.tags.map((t) => ({ id: t, name: tagNames(t)[lang] })),
    thumbnail: thumbnailUrl(r.id),
    url: modelFileUrl(r.id),
    triangles: r.triangles,
    bytes: r.bytes,
    size: r.size,
    clips: r.clips,
    group: r.groupKey,
    variant: r.variant,
    variants,
    credit: creditOfRow(r),
  };
}

/** A rigged character as the avatars module shows and uses it. */
export interface LibraryCharacter {
  id: number;
  name: string;
  names: LocalizedNames;
  thumbnail: string;
  url: string;
  clips: string[];
  /** Height in metres (the size's second figure). */
  height: number;
}

function characterOf(r: LibraryPageRow, lang: Lang): LibraryCharacter {
  return {
    id: r.id,
    name: nameIn(r, lang),
    names: { zh: r.nameZh, tc: r.nameTc, en: r.nameEn },
    thumbnail: thumbnailUrl(r.id),
    url: modelFileUrl(r.id),
    clips: r.clips,
    height: r.size[1] ?? 0,
  };
}

function filterOf(q: ModelPageQuery): LibraryFilter {
  const terms = (q.keyword ?? '')
    .split(/\s+/)
    .map((w) => searchForm(w))
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  return { category: q.category, tag: q.tag, kind: q.kind, terms, group: q.group };
}

/** A library model's stored files: its GLB, its thumbnail, an imported dense model's coarse version. */
export type LibraryFile = 'glb' | 'png' | 'coarse';

export interface LibraryServiceDeps {
  db: Db;
  storage: Storage;
  pipeline: PipelinePool;
  jobs: JobQueue;
  /** Scratch folder for builds. */
  tmpDir: string;
  /** How long browse pages and category counts are reused (0: always query). */
  cacheMs: number;
  log?: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** A server folder of asset packs admins may import from (`LIBRARY_IMPORT_DIR`); null: none. */
  importDir?: string | null;
}

/**
 * The platform model library: browsing for creators (paged, searchable in any of the three languages, by category,
 * tag and kind; hidden models are left out), curation for admins (hide, rename, recategorise) and the models' files.
 * Generated models are catalogue rows first; their GLB and thumbnail are built by background jobs on the pipeline's
 * worker threads, or on the first request for them, and then kept in the storage.
 */
export function createLibraryService({ db, storage, pipeline, jobs, tmpDir, cacheMs, log, importDir }: LibraryServiceDeps) {
  const repo = createLibraryRepository(db);
  const pages = createTtlCache<{ rows: LibraryPageRow[]; total: number; variants: Map<string, number> }>(cacheMs, 2000);
  const counts = createTtlCache<Map<string, number>>(cacheMs, 1);
  /** Builds in progress in this process, so concurrent requests and the job share one. */
  const building = new Map<number, Promise<LibraryRow>>();

  async function build(row: Pick<LibraryRow, 'id' | 'key' | 'nameEn'>, background: boolean): Promise<LibraryRow> {
    const workDir = path.join(tmpDir, `library-${row.id}-${crypto.randomBytes(4).toString('hex')}`);
    try {
      const r = await pipeline.buildLibraryModel({ key: row.key, name: row.nameEn, workDir, background });
      const base = `library/generated/v${GENERATOR_VERSION}/${row.id}`;
      const glbKey = `${base}.glb`;
      const thumbKey = `${base}.png`;
      await storage.put(glbKey, createReadStream(r.glbPath), 'model/gltf-binary', r.bytes);
      await storage.put(thumbKey, createReadStream(r.thumbnailPath), 'image/png');
      await repo.setBuilt(row.id, {
        glbKey,
        thumbKey,
        triangles: r.triangles,
        bytes: r.bytes,
        size: r.size,
        genVersion: GENERATOR_VERSION,
      });
      pages.clear();
      const done = await repo.byId(row.id);
      if (!done) throw new AppError(ErrorCode.NOT_FOUND);
      return done;
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * Builds a generated model once per process at a time (the job and requests share the promise). A request's build
   * (`background` false) runs on the upload threads: behind the demo catalogue's minutes of background media, the
   * editor's thumbnail requests would hold the browser's few connections and starve its other calls.
   */
  function ensureBuilt(row: Pick<LibraryRow, 'id' | 'key' | 'nameEn'>, background: boolean): Promise<LibraryRow> {
    let p = building.get(row.id);
    if (!p) {
      p = build(row, background).finally(() => building.delete(row.id));
      building.set(row.id, p);
    }
    return p;
  }

  return {
    /**
     * Inserts the generated catalogue's rows that are missing (first start, or a generator with new families) in
     * chunks, and forgets files an older generator version built. Idempotent; an admin's changes to rows stay.
     */
    async ensureCatalogue(): Promise<{ inserted: number; stale: number }> {
      const catalogue = generatedCatalogue();
      let inserted = 0;
      if ((await repo.countBySource('generated')) < catalogue.length) {
        const rows: NewLibraryRow[] = catalogue.map((e) => ({
          key: e.key,
          source: 'generated',
          kind: e.kind,
          category: e.category,
          nameZh: e.names.zh,
          nameTc: e.names.tc,
          nameEn: e.names.en,
          tags: e.tags,
          clips: e.clips,
          searchText: searchTextOf(e.names, e.category, e.tags),
          genVersion: GENERATOR_VERSION,
          // a family's colours and sizes are variants of one model
          groupKey: `gen:${e.family}`,
        }));
        // 100 rows a statement: PGlite keeps the memory its largest statement needed (500 rows grew the embedded
        // database's WebAssembly memory by 9 MiB for good, 100 by 4), and the 34 statements cost nothing noticeable.
        const BATCH = 100;
        for (let i = 0; i < rows.length; i += BATCH) inserted += await repo.insertMissing(rows.slice(i, i + BATCH));
        if (inserted > 0) await repo.analyze();
      }
      const stale = await repo.resetStale(GENERATOR_VERSION);
      pages.clear();
      counts.clear();
      return { inserted, stale };
    },

    /** Registers the build job's handler: background work, after creators' uploads (see lib/jobs.ts). */
    registerJobs(): void {
      jobs.register(
        LIBRARY_BUILD_JOB,
        async (ctx) => {
          const batch = await repo.unbuilt(LIBRARY_BUILD_BATCH);
          let done = 0;
          const failed: string[] = [];
          for (const [i, row] of batch.entries()) {
            if (ctx.signal.aborted) break;
            try {
              await ensureBuilt(row, true);
              done++;
            } catch (err) {
              // One broken model must not stop the others; it stays unbuilt (and answers 404 until fixed).
              failed.push(row.key);
              log?.error({ err, key: row.key }, 'library model build failed');
            }
            await ctx.progress(Math.round(((i + 1) / batch.length) * 100));
          }
          // Go on while this batch made progress; only one continuation at a time (this job counts as pending).
          const more = !ctx.signal.aborted && done > 0 && (await repo.unbuilt(1)).length > 0;
          if (more && (await jobs.pendingOfType(LIBRARY_BUILD_JOB)) <= 1) await jobs.enqueue(LIBRARY_BUILD_JOB, {});
          return { built: done, failed };
        },
        { background: true },
      );
    },

    /** Queues the build of unbuilt generated models unless a build job is already queued or running. */
    async startBackgroundBuild(): Promise<boolean> {
      if ((await repo.unbuilt(1)).length === 0) return false;
      if ((await jobs.pendingOfType(LIBRARY_BUILD_JOB)) > 0) return false;
      await jobs.enqueue(LIBRARY_BUILD_JOB, {});
      return true;
    },

    /**
     * GET /library/model_page: visible models, names in the caller's language, oldest first; `grouped` gives one card
     * per model (its first matching variant) with its number of variants.
     */
    async modelPage(q: ModelPageQuery, lang: Lang): Promise<Page<LibraryModel>> {
      const f = { ...filterOf(q), hidden: false };
      const offset = (q.page - 1) * q.limit;
      const key = JSON.stringify([f, q.grouped, q.limit, offset]);
      const { rows, total, variants } = await pages.get(key, async () => {
        if (q.grouped) {
          const [rows, total] = await Promise.all([repo.groupPage(f, q.limit, offset), repo.groupCount(f)]);
          return { rows, total, variants: await repo.variantCounts(rows.map((r) => r.groupKey)) };
        }
        // Browsing all or one category (the usual case) takes its total from the cached per-category counts
        // instead of counting the rows again (with the cache off, every request counts).
        const countOf = async () => {
          if (cacheMs <= 0 || (f.terms?.length ?? 0) > 0 || f.tag || f.kind || f.group !== undefined) return repo.count(f);
          const n = await counts.get('all', () => repo.categoryCounts());
          return f.category ? (n.get(f.category) ?? 0) : [...n.values()].reduce((a, b) => a + b, 0);
        };
        const [rows, total] = await Promise.all([repo.page(f, q.limit, offset), countOf()]);
        return { rows, total, variants: await repo.variantCounts(rows.map((r) => r.groupKey)) };
      });
      return {
        list: rows.map((r) => out(r, lang, variants.get(r.groupKey) ?? 1)),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    /**
     * Visible rigged characters (models that kept animation clips), oldest first, as avatars choose them: the same
     * names, thumbnail and public GLB as the library's cards, and the height the room scales them from.
     */
    async animatedCharacters(q: { page: number; limit: number }, lang: Lang): Promise<Page<LibraryCharacter>> {
      const f: LibraryFilter = { kind: 'character', animated: true, hidden: false };
      const [rows, total] = await Promise.all([repo.page(f, q.limit, (q.page - 1) * q.limit), repo.count(f)]);
      return { list: rows.map((r) => characterOf(r, lang)), total, page: q.page, limit: q.limit };
    },

    /** One visible rigged character (undefined when unknown, hidden or without clips). */
    async animatedCharacter(id: number, lang: Lang): Promise<LibraryCharacter | undefined> {
      const row = await repo.byId(id);
      if (!row || row.hidden || row.kind !== 'character' || row.clips.length === 0) return undefined;
      return characterOf(row, lang);
    },

    /** GET /library/summary: distinct models, variants, imported models and packs (visible ones). */
    async summary(): Promise<LibrarySummary> {
      return repo.summary();
    },

    /** GET /library/credit_list: each model's name and credit (a scene's credits). */
    async creditList(ids: number[], lang: Lang): Promise<ModelCredit[]> {
      const rows = await repo.creditsByIds(ids);
      return rows.map((r) => ({ id: r.id, name: nameIn(r, lang), credit: creditOfRow(r) }));
    },

    /**
     * POST /library/import_pack (admins): imports a pack (folder or zip) under `LIBRARY_IMPORT_DIR` by its relative
     * path. Refuses paths outside that folder and answers the import's report (files added, skipped, failed).
     */
    async importPack(relative: string): Promise<ImportReport> {
      if (!importDir) throw new AppError(ErrorCode.VALIDATION, { messageKey: 'v.libraryImportOff', field: 'path' });
      const root = path.resolve(importDir);
      const target = path.resolve(root, relative);
      const stat = await fs.stat(target).catch(() => null);
      const inside = target === root || target.startsWith(root + path.sep);
      if (!inside || !stat || !(stat.isDirectory() || (stat.isFile() && target.toLowerCase().endsWith('.zip'))))
        throw new AppError(ErrorCode.VALIDATION, { messageKey: 'v.libraryPackNotFound', field: 'path' });
      // The importer brings glTF-Transform, three.js and the codecs: loaded on the first import, not at start.
      const { importFolder } = await import('./library.import');
      const report = await importFolder({ folder: target, library: this, pipeline, tmpDir });
      log?.info({ pack: relative, added: report.added.length, skipped: report.skipped.length }, 'library pack imported');
      return report;
    },

    /** The id of the model imported from a source file with this SHA-256, if any (the importer skips it). */
    async bySourceHash(hash: string): Promise<number | undefined> {
      return repo.bySourceHash(hash);
    },

    /** GET /library/manage_page (admins): every model, hidden ones too, with the curation fields. */
    async managePage(q: ManageModelPageQuery, lang: Lang): Promise<Page<ManagedModel>> {
      const f = { ...filterOf(q), hidden: q.hidden };
      const offset = (q.page - 1) * q.limit;
      const [rows, total] = await Promise.all([repo.page(f, q.limit, offset), repo.count(f)]);
      const variants = await repo.variantCounts(rows.map((r) => r.groupKey));
      return {
        list: rows.map((r) => ({
          ...out(r, lang, variants.get(r.groupKey) ?? 1),
          hidden: r.hidden,
          source: r.source,
          updated_at: r.updatedAt.toISOString(),
        })),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    /** GET /library/category_list: every category in menu order with its visible model count. */
    /**
     * What scene documents need of the library (the projects module's `LibraryLookup`): which ids exist (hidden models
     * too: a scene that placed one keeps saving) and each model's public file URLs and animation clips.
     */
    sceneLookup: {
      available: true as const,
      async existing(ids: number[]): Promise<Set<number>> {
        return new Set((await repo.clipsByIds([...new Set(ids)])).map((r) => r.id));
      },
      async resolve(ids: number[]) {
        const rows = await repo.clipsByIds([...new Set(ids)]);
        return new Map(
          rows.map((r) => [
            r.id,
            {
              id: r.id,
              kind: 'model3d',
              status: 'ready',
              urls: {
                model: modelFileUrl(r.id),
                thumbnail: thumbnailUrl(r.id),
                ...(r.coarseKey ? { [MODEL_COARSE_OUTPUT]: coarseFileUrl(r.id) } : {}),
              },
              tiles: null,
              clips: r.clips,
            },
          ]),
        );
      },
    },

    /**
     * Ids of models by their catalogue key (`gen:<family>:<values>` of the generator, `import:<sha>` of imports): the
     * stable names the demo content uses. Keys the library does not hold are absent from the answer.
     */
    async idsByKeys(keys: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const key of new Set(keys)) {
        const row = await repo.byKey(key);
        if (row) out.set(key, row.id);
      }
      return out;
    },

    /** A model's GLB bytes (built first when it is a generated model never built), or null when there is none. */
    async glbBytes(id: number): Promise<Uint8Array | null> {
      try {
        const { stream } = await this.file(id, 'glb');
        return new Uint8Array(await buffer(stream));
      } catch {
        return null;
      }
    },

    /** The categories with their distinct models (a group of colour or size variants counts once, as its card). */
    async categoryList(lang: Lang): Promise<LibraryCategoryItem[]> {
      const n = await counts.get('groups', () => repo.categoryGroupCounts());
      return LIBRARY_CATEGORY_IDS.map((id) => ({ id, name: LIBRARY_CATEGORIES[id][lang], count: n.get(id) ?? 0 }));
    },

    /** POST /library/update_model (admins): hide / unhide, rename in three languages, recategorise. 40401 if unknown. */
    async updateModel(body: UpdateModelBody, lang: Lang): Promise<ManagedModel> {
      const updated = await db.transaction(async (tx) => {
        const txRepo = createLibraryRepository(tx);
        const row = await txRepo.byId(body.id, tx);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND);
        const names = body.names ?? { zh: row.nameZh, tc: row.nameTc, en: row.nameEn };
        const category = body.category ?? row.category;
        return txRepo.update(
          row.id,
          {
            hidden: body.hidden ?? row.hidden,
            nameZh: names.zh,
            nameTc: names.tc,
            nameEn: names.en,
            category,
            searchText: searchTextOf(names, category, row.tags, row.pack),
          },
          tx,
        );
      });
      if (!updated) throw new AppError(ErrorCode.NOT_FOUND);
      pages.clear();
      counts.clear();
      return {
        ...out(updated, lang, (await repo.variantCounts([updated.groupKey])).get(updated.groupKey) ?? 1),
        hidden: updated.hidden,
        source: updated.source,
        updated_at: updated.updatedAt.toISOString(),
      };
    },

    /**
     * A model's GLB or thumbnail as a stream. A generated model not built yet is built now (on a pipeline worker,
     * about a tenth of a second) and kept. Hidden models still answer: scenes that already use them keep working.
     */
    async file(id: number, which: LibraryFile): Promise<{ stream: Readable; size: number }> {
      let row = await repo.byId(id);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND);
      if (!row.glbKey || !row.thumbKey) {
        if (row.source !== 'generated') throw new AppError(ErrorCode.NOT_FOUND);
        row = await ensureBuilt(row, false);
      }
      const key = { glb: row.glbKey, png: row.thumbKey, coarse: row.coarseKey }[which];
      // a model without a coarse version: not found (the viewer only asks for one `resolve` named)
      if (which === 'coarse' && !key) throw new AppError(ErrorCode.NOT_FOUND);
      const [stat, stream] = key ? await Promise.all([storage.stat(key), storage.get(key)]) : [null, null];
      if (!stat || !stream) {
        log?.error({ id, key }, 'library file missing from storage');
        throw new AppError(ErrorCode.NOT_FOUND);
      }
      return { stream, size: stat.size };
    },

    /**
     * Adds a processed model (the pipeline's GLB and thumbnail) to the library. The key is the GLB's SHA-256, so
     * importing the same file again adds nothing and answers the existing row (`created` false).
     */
    async importModel(input: ImportedModelInput): Promise<{ row: LibraryRow; created: boolean }> {
      const glb = await fs.readFile(input.glbPath);
      const sha = crypto.createHash('sha256').update(glb).digest('hex');
      const key = `import:${sha}`;
      const existing = await repo.byKey(key);
      if (existing) return { row: existing, created: false };
      const credit = input.credit ?? null;
      const base = `library/imported/${sha.slice(0, 32)}`;
      const glbKey = `${base}.glb`;
      const thumbKey = `${base}.png`;
      await storage.put(glbKey, glb, 'model/gltf-binary', glb.byteLength);
      await storage.put(thumbKey, await fs.readFile(input.thumbnailPath), 'image/png');
      let coarseKey: string | null = null;
      if (input.coarseGlbPath) {
        const coarse = await fs.readFile(input.coarseGlbPath);
        coarseKey = `${base}.coarse.glb`;
        await storage.put(coarseKey, coarse, 'model/gltf-binary', coarse.byteLength);
      }
      const category = input.category ?? 'imported';
      const tags = [...new Set(['imported', ...(input.tags ?? [])])];
      const clips = input.clips ?? [];
      const row = await repo.insert({
        key,
        source: 'imported',
        kind: clips.length > 0 ? 'character' : 'prop',
        category,
        nameZh: input.names.zh,
        nameTc: input.names.tc,
        nameEn: input.names.en,
        tags,
        clips,
        searchText: searchTextOf(input.names, category, tags, credit?.pack),
        glbKey,
        thumbKey,
        coarseKey,
        triangles: input.triangles,
        bytes: glb.byteLength,
        size: input.size,
        groupKey: input.groupKey ?? key,
        variant: input.variant ?? '',
        pack: credit?.pack ?? null,
        author: credit?.author ?? null,
        license: credit?.license ?? null,
        sourceUrl: credit?.url ?? null,
        sourceHash: input.sourceHash ?? null,
      });
      pages.clear();
      counts.clear();
      return { row, created: true };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
