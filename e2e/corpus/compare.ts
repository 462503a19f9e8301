/**
 * Differential model corpus comparison: each source model goes through the real pipeline (`processModel`) and its
 * GLB is compared with the source loaded directly by three.js's own loader for the format, in the same headless
 * Chromium (page.ts, bundled by esbuild and served from 127.0.0.1 with the corpus files). Where the product reads a
 * format with that same loader (FBX, DAE, OBJ, 3DS), assimp (assimpjs, WebAssembly) reads the source a second time,
 * independently; its disagreements with three.js are reported apart from the product's failures.
 *
 * Checks (reference → candidate): extents per axis (the up axis) and the world bounding box within 1 % of the
 * reference's diagonal; triangles within 2 % (exact for skinned or morphing models); drawn meshes (material groups ×
 * instances) at most the reference's for the product, whose `join` merges compatible meshes, equal between readers;
 * the same clip names, morph target counts and skinning; and two rendered views (256×256, framed on the reference's
 * box, same lights) within IMAGE_LIMITS (see `compare` in page.ts for the metrics).
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { Matrix4 } from 'three';
import { processModel, validateGlb } from '../../apps/server/src/lib/pipeline/model';
import { type Axis, axesToGltf } from '../../apps/server/src/lib/pipeline/source-frame';
import type { Analysis, Box, ImageMetrics } from './types';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The shared CC0 corpus (`CORPUS_DIR` overrides). */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(REPO_ROOT, '../shared/corpus/cc0-models');
export const MODEL_EXTS = ['fbx', 'glb', 'gltf', 'dae', 'stl', 'obj', '3ds', 'ply'];
/** Formats the product reads with the same three.js loader that serves as reference: assimp reads them too. */
const SECOND_READER = new Set(['fbx', 'dae', 'obj', '3ds']);

export const BOX_TOLERANCE = 0.01;
export const TRIANGLE_TOLERANCE = 0.02;
/** Rendered images: mean absolute RGB difference ≤ mad, ≥ within of the pixels both cover within 24/255, silhouette IoU ≥ iou. */
export const IMAGE_LIMITS = { mad: 4, within: 0.9, iou: 0.95 };
const PROCESS_TIMEOUT_MS = 240_000;

export interface ModelResult {
  file: string;
  format: string;
  status: 'ready' | 'refused';
  reason?: string;
  message?: string;
  seconds: number;
  triangles?: number;
  /** glTF validator errors of the output (and of a glTF input). */
  outputErrors?: number;
  inputErrors?: number;
  source?: Analysis;
  output?: Analysis;
  image?: ImageMetrics;
  /** Differences between the source (three.js) and the product's GLB, in check order; empty when matching. */
  diffs: string[];
  assimp?: Analysis;
  /** Differences between three.js's and assimp's reading of the source. */
  readerDiffs?: string[];
  /** The pipeline's recorded conversion of the source's frame (applied to the reference before comparing). */
  frame?: { upAxis: string; frontAxis?: string; unitScale: number };
  /** Which reading of the source the product's GLB was compared with. */
  reference?: 'three' | 'assimp';
  /** three.js's loader failed on the source. */
  threeError?: string;
}

export interface CrossResult {
  model: string;
  format: string;
  diffs: string[];
  image?: ImageMetrics;
}

/** The corpus's model files, relative to the corpus folder, sorted. */
export function listCorpus(dir = CORPUS_DIR): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (MODEL_EXTS.includes(path.extname(e.name).slice(1).toLowerCase())) out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export const formatOf = (file: string) => path.extname(file).slice(1).toLowerCase();

const round = (n: number) => Number(n.toPrecision(4));
const fmt = (v: number[]) => `[${v.map(round).join(', ')}]`;

/**
 * Differences of `b` against reference `a`. `draws`: 'equal' between readers, 'atMost' for the product's GLB.
 * `image` compares colour too unless `silhouetteOnly` (a format without materials).
 */
export function differences(
  a: Analysis,
  b: Analysis,
  opts: {
    draws: 'equal' | 'atMost' | 'skip';
    image?: ImageMetrics;
    silhouetteOnly?: boolean;
    clips?: boolean;
    position?: boolean;
    /** Compare sizes up to one uniform scale (reported when not 1). */
    scaleFree?: boolean;
  },
): string[] {
  const d: string[] = [];
  if (!a.box || !b.box)
    return a.box === b.box ? d : [`geometry: reference ${a.box ? 'has' : 'has no'} box, candidate ${b.box ? 'has' : 'has no'}`];
  const ext = (x: Box) => x.max.map((v, i) => v - (x.min[i] ?? 0));
  const ea = ext(a.box);
  const diag = Math.hypot(...ea) || 1;
  const k = opts.scaleFree ? diag / (Math.hypot(...ext(b.box)) || 1) : 1;
  const eb = ext(b.box).map((v) => v * k);
  if (ea.some((v, i) => Math.abs(v - (eb[i] ?? 0)) > BOX_TOLERANCE * diag)) {
    const s = Math.hypot(...eb) / diag;
    d.push(`extents (up axis/scale): ${fmt(ea)} vs ${fmt(eb)}${Math.abs(s - 1) > 0.05 ? ` (×${round(s)})` : ''}`);
  }
  const corners = [...b.box.min, ...b.box.max];
  const off = Math.max(...[...a.box.min, ...a.box.max].map((v, i) => Math.abs(v - (corners[i] ?? 0))));
  if (opts.position !== false && off > BOX_TOLERANCE * diag)
    d.push(`bbox: off by ${round((100 * off) / diag)} % of the diagonal (min ${fmt(a.box.min)} vs ${fmt(b.box.min)})`);
  const exact = a.skinned > 0 || a.morph.length > 0;
  if (exact ? a.triangles !== b.triangles : Math.abs(a.triangles - b.triangles) > TRIANGLE_TOLERANCE * a.triangles)
    d.push(`triangles: ${a.triangles} vs ${b.triangles}${exact ? ' (skinned/morphing: exact)' : ''}`);
  if (opts.draws !== 'skip' && (opts.draws === 'equal' ? a.draws !== b.draws : b.draws > a.draws))
    d.push(`drawn meshes: ${a.draws} vs ${b.draws}`);
  if (opts.clips !== false && a.clips.join('|') !== b.clips.join('|'))
    d.push(`clips: [${a.clips.join(', ')}] vs [${b.clips.join(', ')}]`);
  if (a.morph.join(',') !== b.morph.join(',')) d.push(`morph targets: [${a.morph}] vs [${b.morph}]`);
  if (a.skinned > 0 !== b.skinned > 0) d.push(`skinned meshes: ${a.skinned} vs ${b.skinned}`);
  const im = opts.image;
  if (im) {
    if (im.iou < IMAGE_LIMITS.iou) d.push(`silhouette: IoU ${im.iou.toFixed(3)} < ${IMAGE_LIMITS.iou}`);
    if (!opts.silhouetteOnly && (im.mad > IMAGE_LIMITS.mad || im.within < IMAGE_LIMITS.within))
      d.push(`image: mean abs diff ${im.mad.toFixed(2)}, ${(100 * im.within).toFixed(1)} % of pixels within 24`);
  }
  return d;
}

/** Serves the page, its bundle, the corpus (under /src/) and the work folder (under /work/) on 127.0.0.1. */
async function serve(bundle: string, workDir: string): Promise<{ server: http.Server; url: string }> {
  const html = '<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/bundle.js"></script>';
  const types: Record<string, string> = {
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.glb': 'model/gltf-binary',
  };
  const server = http.createServer((req, res) => {
    const u = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (u === '/') return send(200, html, 'text/html');
    if (u === '/bundle.js') return send(200, bundle, 'text/javascript');
    const [base, rel] = u.startsWith('/src/') ? [CORPUS_DIR, u.slice(5)] : u.startsWith('/work/') ? [workDir, u.slice(6)] : [];
    if (!base || rel === undefined) return send(404, 'not found');
    const file = path.resolve(base, rel);
    if (!file.startsWith(path.resolve(base) + path.sep)) return send(403, 'no');
    fs.readFile(file, (err, data) =>
      err ? send(404, 'not found') : send(200, data, types[path.extname(file).toLowerCase()] ?? 'application/octet-stream'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const urlPath = (p: string) => p.split(path.sep).map(encodeURIComponent).join('/');

/**
 * The pipeline's recorded frame conversion, as the page applies it to a reference reading: a scale, and the turn
 * (a column-major 4×4 matrix) the reference reader left undone.
 */
type Conversion = { scale: number; turn?: number[] };

/**
 * What is left of the pipeline's recorded turn once three.js's reader has read the file: the STL, PLY and 3DS readers
 * keep the file's axes; FBXLoader turns a Z-up file a quarter about X (taking its -Y to the front) and ignores the
 * front and coord axes. None when the reader's result is already in the product's frame.
 */
export function referenceTurn(format: string, frame: ModelResult['frame']): number[] | undefined {
  if (!frame) return undefined;
  const up = frame.upAxis as Axis;
  const front = (frame.frontAxis ?? (up === 'z' ? '-y' : 'z')) as Axis;
  let turn: Matrix4;
  if (['stl', 'ply', '3ds'].includes(format)) turn = axesToGltf(up, front);
  else if (format === 'fbx') {
    turn = axesToGltf(up, front);
    if (up.endsWith('z')) turn.multiply(axesToGltf('z', '-y').invert());
  } else return undefined;
  return turn.equals(new Matrix4()) ? undefined : [...turn.elements];
}

type AssimpModule = {
  FileList: new () => { AddFile(name: string, data: Uint8Array): void };
  ConvertFileList(
    list: unknown,
    format: string,
  ): {
    IsSuccess(): boolean;
    FileCount(): number;
    GetErrorCode(): string;
    GetFile(i: number): { GetContent(): Uint8Array };
  };
};

/** The comparison's browser, page, server and scratch folder; `check` runs one model. */
export class CorpusHarness {
  private constructor(
    private browser: Browser,
    private page: Page,
    private server: http.Server,
    private base: string,
    readonly workDir: string,
    private assimp: AssimpModule,
  ) {}

  static async start(): Promise<CorpusHarness> {
    const out = await build({
      entryPoints: [path.join(import.meta.dirname, 'page.ts')],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'error',
      absWorkingDir: REPO_ROOT,
    });
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-corpus-diff-'));
    const { server, url } = await serve(out.outputFiles[0]?.text ?? '', workDir);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu-sandbox', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 600, height: 300 } });
    await page.goto(url);
    await page.waitForFunction(() => 'corpus' in globalThis, null, { timeout: 30_000 });
    const require = createRequire(import.meta.url);
    const assimp = (await (require('assimpjs') as () => Promise<AssimpModule>)()) as AssimpModule;
    return new CorpusHarness(browser, page, server, url, workDir, assimp);
  }

  async close() {
    await this.browser.close().catch(() => undefined);
    await new Promise((r) => this.server.close(r));
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  /** Loads a model in the page (`key` also renders it, framed on `frame` or its own box). */
  analyse(url: string, format: string, key?: string, frame?: Box | null, to?: Conversion): Promise<Analysis> {
    return this.page.evaluate(
      ([u, f, k, b, t]) =>
        (globalThis as unknown as { corpus: { analyse: (...a: unknown[]) => Promise<Analysis> } }).corpus.analyse(
          u,
          f,
          k,
          b ?? undefined,
          t ?? undefined,
        ),
      [`${this.base}${url}`, format, key, frame ?? null, to ?? null] as const,
    );
  }

  compare(a: string, b: string): Promise<ImageMetrics> {
    return this.page.evaluate(
      ([x, y]) => (globalThis as unknown as { corpus: { compare: (a: string, b: string) => ImageMetrics } }).corpus.compare(x, y),
      [a, b] as const,
    );
  }

  /** Both models' first view side by side, as a PNG file. */
  async savePair(a: string, b: string, file: string) {
    const data = await this.page.evaluate(
      ([x, y]) =>
        (globalThis as unknown as { corpus: { pair: (a: string, b: string, v: number) => string } }).corpus.pair(x, y, 0),
      [a, b] as const,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(data.split(',')[1] ?? '', 'base64'));
  }

  forget(...keys: string[]) {
    return this.page.evaluate((ks) => {
      for (const k of ks) (globalThis as unknown as { corpus: { forget: (p: string) => void } }).corpus.forget(k);
    }, keys);
  }

  /** assimp's reading of a source (converted to GLB in Node, then measured in the page like any GLB). */
  private async secondReader(file: string, id: string, key?: string): Promise<Analysis> {
    const list = new this.assimp.FileList();
    list.AddFile(path.basename(file), new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, file))));
    const r = this.assimp.ConvertFileList(list, 'glb2');
    if (!r.IsSuccess() || r.FileCount() === 0) throw new Error(`assimp: ${r.GetErrorCode()}`);
    const out = path.join(this.workDir, `${id}-assimp.glb`);
    fs.writeFileSync(out, r.GetFile(0).GetContent());
    try {
      return await this.analyse(`/work/${urlPath(path.basename(out))}`, 'glb', key);
    } finally {
      fs.rmSync(out, { force: true });
    }
  }

  /**
   * The source as three.js's loader reads it; where that loader fails on a format assimp reads, assimp's reading
   * is the reference instead (`result.reference`). Renders under `key`.
   */
  private async reference(result: ModelResult, id: string, key?: string, to?: Conversion): Promise<Analysis | undefined> {
    try {
      result.source = await this.analyse(`/src/${urlPath(result.file)}`, result.format, key, null, to);
      result.reference = 'three';
      return result.source;
    } catch (e) {
      result.threeError = `three.js ${result.format} loader: ${(e as Error).message.split('\n')[0]}`.slice(0, 300);
    }
    if (!SECOND_READER.has(result.format)) return undefined;
    try {
      result.assimp = await this.secondReader(result.file, id, key);
      result.reference = 'assimp';
      return result.assimp;
    } catch (e) {
      result.readerDiffs = [(e as Error).message.slice(0, 200)];
      return undefined;
    }
  }

  /**
   * One model through the pipeline and the comparison. `keep` leaves its renders in the page under `<id>:src` and
   * `<id>:out` (for a cross-format comparison); `failures` is a folder for side-by-side PNGs of failing models.
   */
  async check(file: string, id: string, opts: { keep?: boolean; failures?: string } = {}): Promise<ModelResult> {
    const format = formatOf(file);
    const work = path.join(this.workDir, id);
    const t0 = performance.now();
    const result: ModelResult = { file, format, status: 'refused', seconds: 0, diffs: [] };
    let glbPath: string;
    try {
      let timer: NodeJS.Timeout | undefined;
      const r = await Promise.race([
        processModel({ inputPath: path.join(CORPUS_DIR, file), originalName: path.basename(file), workDir: work }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('no result within 240 s'), { reason: 'timeout' })),
            PROCESS_TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      result.seconds = (performance.now() - t0) / 1000;
      result.status = 'ready';
      result.triangles = r.report.triangles;
      result.frame = { upAxis: r.report.upAxis, frontAxis: r.report.frontAxis, unitScale: r.report.unitScale };
      glbPath = r.glbPath;
    } catch (e) {
      result.seconds = (performance.now() - t0) / 1000;
      const err = e as { reason?: string; message?: string };
      result.reason = err.reason ?? 'exception';
      result.message = String(err.message ?? e).slice(0, 300);
      fs.rmSync(work, { recursive: true, force: true });
      // Whether a reader reads what the product refused.
      await this.reference(result, id);
      return result;
    }
    try {
      result.outputErrors = (await validateGlb(fs.readFileSync(glbPath))).errors.length;
      if (format === 'glb' || format === 'gltf') {
        result.inputErrors = (await validateGlb(fs.readFileSync(path.join(CORPUS_DIR, file)))).errors.length;
      }
      if ((result.inputErrors ?? 0) === 0 && result.outputErrors > 0)
        result.diffs.push(`validator: ${result.outputErrors} error(s) in the output`);
      const turn = referenceTurn(format, result.frame);
      const ref = await this.reference(result, id, `${id}:src`, { scale: result.frame?.unitScale ?? 1, turn });
      // assimp applies an FBX's unit factor its own way: against its reading, sizes are compared up to one
      // uniform scale and each model is framed on its own box.
      const scaleFree = result.reference === 'assimp';
      const out = `/work/${urlPath(path.relative(this.workDir, glbPath))}`;
      result.output = await this.analyse(out, 'glb', `${id}:out`, scaleFree ? null : ref?.box);
      if (ref) {
        if (ref.box) result.image = await this.compare(`${id}:src`, `${id}:out`);
        // assimp's glTF carries no FBX/DAE material colours the way three.js reads them, and an STL or PLY has no
        // material at all (each reader picks its own default): their silhouettes only.
        const silhouetteOnly = result.reference === 'assimp' || format === 'stl' || format === 'ply';
        result.diffs.push(
          ...differences(ref, result.output, {
            draws: 'atMost',
            image: result.image,
            silhouetteOnly,
            scaleFree,
            position: !scaleFree,
          }),
        );
        if (result.diffs.length > 0 && opts.failures && ref.box) {
          await this.savePair(`${id}:src`, `${id}:out`, path.join(opts.failures, `${file.replace(/[^\w.-]+/g, '_')}.png`));
        }
      } else result.diffs.push('reference: no reader reads the source');
      if (SECOND_READER.has(format) && result.reference === 'three' && result.source) {
        try {
          result.assimp = await this.secondReader(file, id);
          // assimp's reading keeps the file's unit and axes (the source's has the recorded conversion applied): sizes
          // up to one uniform scale, where the model sits left out.
          result.readerDiffs = differences(result.source, result.assimp, {
            draws: 'equal',
            clips: false,
            scaleFree: true,
            position: false,
          });
        } catch (e) {
          result.readerDiffs = [(e as Error).message.slice(0, 200)];
        }
      }
    } finally {
      if (!opts.keep) await this.forget(`${id}:src`, `${id}:out`);
      fs.rmSync(work, { recursive: true, force: true });
    }
    return result;
  }

  /**
   * The same model in several formats: each product GLB against the glTF's (measures, and renders framed on the
   * glTF source's box; STL has no materials, so only its silhouette counts). Needs the models checked with `keep`.
   */
  async crossFormat(
    model: string,
    ref: ModelResult,
    refId: string,
    others: { result: ModelResult; id: string }[],
  ): Promise<CrossResult[]> {
    const out: CrossResult[] = [];
    for (const { result, id } of others) {
      if (result.status !== 'ready' || !result.output || ref.status !== 'ready' || !ref.output) {
        out.push({
          model,
          format: result.format,
          diffs: [
            `not comparable: ${result.format} ${result.status}${result.reason ? ` (${result.reason})` : ''}, glb ${ref.status}`,
          ],
        });
        continue;
      }
      const image = await this.compare(`${refId}:out`, `${id}:out`);
      out.push({ model, format: result.format, diffs: crossDiffs(ref, result), image });
    }
    return out;
  }
}

/**
 * One model's GLB from another format against the GLB from its glTF: up axis and size (extents), triangles, clips
 * and morph targets. Where the model sits is left out, and so are the images framed on the glTF's box (recorded,
 * not judged): Kenney's exports place each format's model differently about the origin (the glTF at +x, the DAE
 * mirrored in x, the FBX turned half way round), which no importer can know. STL carries no materials, clips or
 * groups.
 */
export function crossDiffs(ref: ModelResult, other: ModelResult): string[] {
  if (!ref.output || !other.output) return [`not comparable: ${other.format} ${other.status}`];
  const stl = other.format === 'stl';
  return differences(ref.output, other.output, { draws: stl ? 'skip' : 'equal', clips: !stl, position: false });
}

/** Per format: files, ready, matching, refused (by reason), failing, reader disagreements, validator errors. */
export function summarise(results: ModelResult[]) {
  const rows = new Map<
    string,
    {
      files: number;
      ready: number;
      matching: number;
      refused: Record<string, number>;
      failing: number;
      readerDiffs: number;
      validator: number;
      threeFails: number;
      seconds: number;
    }
  >();
  for (const r of results) {
    const row = rows.get(r.format) ?? {
      files: 0,
      ready: 0,
      matching: 0,
      refused: {},
      failing: 0,
      readerDiffs: 0,
      validator: 0,
      threeFails: 0,
      seconds: 0,
    };
    row.files++;
    row.seconds += r.seconds;
    if (r.status === 'ready') {
      row.ready++;
      if (r.diffs.length === 0) row.matching++;
      else row.failing++;
      if (r.outputErrors && !r.inputErrors) row.validator++;
    } else {
      const reason = r.reason ?? 'unknown';
      row.refused[reason] = (row.refused[reason] ?? 0) + 1;
    }
    if (r.readerDiffs?.length && r.reference === 'three') row.readerDiffs++;
    if (r.threeError) row.threeFails++;
    rows.set(r.format, row);
  }
  return rows;
}

/** The kinds of difference of a failing model ("triangles", "image+silhouette", …): its failure class. */
export const failureClass = (r: ModelResult) => [...new Set(r.diffs.map((d) => d.split(':')[0]))].join(' + ');
