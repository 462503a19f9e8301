import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_MAX_BYTES,
  BUNDLE_MAX_FILES,
  filesFromDrop,
  filesFromInput,
  type PickedFile,
  packBundle,
  planModelUpload,
  type UploadPlan,
} from './model-bundle';

const file = (name: string, data: string | Uint8Array = 'x', path = name): PickedFile => ({
  file: new File([typeof data === 'string' ? data : new Uint8Array(data)], name.split('/').at(-1)!),
  path,
});
const GLTF = JSON.stringify({
  asset: { version: '2.0' },
  buffers: [{ uri: 'scene.bin', byteLength: 4 }],
  images: [{ uri: 'textures/wood%20grain.png' }, { uri: 'data:image/png;base64,AAAA' }],
});
// PNG signature and some bytes: stored, not deflated
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);

function bundle(picked: PickedFile[]): Extract<UploadPlan, { kind: 'bundle' }> {
  const r = planModelUpload(picked);
  if (!r.ok || r.plan.kind !== 'bundle') throw new Error(`not a bundle: ${JSON.stringify(r)}`);
  return r.plan;
}

/** The zip's entries: name → { text, stored }. */
async function entries(zip: File) {
  const bytes = new Uint8Array(await zip.arrayBuffer());
  const methods: Record<string, number> = {};
  const files = unzipSync(bytes, {
    filter: (f) => {
      methods[f.name] = f.compression;
      return true;
    },
  });
  return { names: Object.keys(files).sort(), files, methods };
}

describe('planModelUpload', () => {
  it('uploads one file as it is (a model, a zip, or anything the server will answer for)', () => {
    for (const name of ['chair.glb', 'room.zip', 'notes.txt']) {
      const f = file(name);
      expect(planModelUpload([f])).toEqual({ ok: true, plan: { kind: 'single', file: f.file } });
    }
  });

  it('bundles a .gltf with its .bin and texture under the .gltf name, bytes counted', () => {
    const plan = bundle([file('scene.gltf', GLTF), file('scene.bin', 'abcd'), file('wood grain.png', PNG)]);
    expect(plan).toMatchObject({ name: 'scene.zip', main: 'scene.gltf', bytes: GLTF.length + 4 + PNG.length });
    expect(plan.files.map((f) => f.path)).toEqual(['scene.gltf', 'scene.bin', 'wood grain.png']);
  });

  it("drops a picked folder's own name and its clutter, keeping the paths inside it", () => {
    const plan = bundle(
      filesFromInput(
        [
          ['Crate/crate.obj', 'o'],
          ['Crate/crate.mtl', 'm'],
          ['Crate/textures/wood.jpg', 'j'],
          ['Crate/.DS_Store', 'junk'],
          ['Crate/__MACOSX/._crate.obj', 'junk'],
          ['Crate/Thumbs.db', 'junk'],
        ].map(([p, d]) => {
          const f = new File([d!], p!.split('/').at(-1)!);
          Object.defineProperty(f, 'webkitRelativePath', { value: p });
          return f;
        }),
      ),
    );
    expect(plan.main).toBe('crate.obj');
    expect(plan.files.map((f) => f.path)).toEqual(['crate.obj', 'crate.mtl', 'textures/wood.jpg']);
  });

  it('refuses a pick without a model, naming what was found', () => {
    const r = planModelUpload([file('a.png'), file('b.bin')]);
    expect(r).toEqual({ ok: false, problem: { code: 'noModel', names: ['a.png', 'b.bin'] } });
  });

  it('refuses several models (upload them one by one), naming them', () => {
    const r = planModelUpload([file('a.fbx'), file('b.obj'), file('t.png')]);
    expect(r).toEqual({ ok: false, problem: { code: 'severalModels', names: ['a.fbx', 'b.obj'] } });
  });

  it('refuses a zip among other files, two files at one path, and a folder of only clutter', () => {
    expect(planModelUpload([file('a.zip'), file('b.gltf')])).toMatchObject({ ok: false, problem: { code: 'zipWithOthers' } });
    expect(
      planModelUpload([file('a.gltf', 'x', 'm/a.gltf'), file('t.png', 'x', 'm/T.png'), file('t.png', 'x', 'm/t.png')]),
    ).toEqual({
      ok: false,
      problem: { code: 'duplicate', names: ['m/t.png'] },
    });
    expect(planModelUpload([file('.DS_Store', 'x', 'm/.DS_Store'), file('x', 'x', 'm/.git/x')])).toEqual({
      ok: false,
      problem: { code: 'empty' },
    });
  });

  it('refuses hostile names: climbing out, absolute, drive, backslash and control characters', () => {
    for (const bad of [
      '../evil.png',
      'a/../../evil.png',
      '/etc/passwd',
      'C:/x.png',
      'a\\..\\b.png',
      'a/./b.png',
      'bad\u0007.png',
    ]) {
      const r = planModelUpload([file('m.gltf'), file('x.png', 'x', bad)]);
      expect(r, bad).toEqual({ ok: false, problem: { code: 'badName', names: [bad] } });
    }
  });

  it('refuses too many files and too many bytes in all, before reading any', () => {
    const many = Array.from({ length: BUNDLE_MAX_FILES + 1 }, (_, i) => file(`t${i}.png`));
    expect(planModelUpload([file('m.gltf'), ...many])).toMatchObject({
      ok: false,
      problem: { code: 'tooMany', max: BUNDLE_MAX_FILES },
    });
    const big = file('big.bin');
    Object.defineProperty(big.file, 'size', { value: BUNDLE_MAX_BYTES });
    expect(planModelUpload([file('m.gltf'), big])).toMatchObject({
      ok: false,
      problem: { code: 'tooLarge', max: BUNDLE_MAX_BYTES },
    });
  });
});

describe('packBundle', () => {
  it('packs a .gltf, .bin and texture into one zip: the texture where the .gltf names it, stored as it is', async () => {
    const progress: number[] = [];
    const plan = bundle([file('scene.gltf', GLTF), file('scene.bin', 'abcd'), file('wood grain.png', PNG)]);
    const zip = await packBundle(plan, (done, total) => progress.push(done / total));
    expect(zip.name).toBe('scene.zip');
    expect(zip.type).toBe('application/zip');
    const { names, files, methods } = await entries(zip);
    expect(names).toEqual(['scene.bin', 'scene.gltf', 'textures/wood grain.png']);
    expect(strFromU8(files['scene.gltf']!)).toBe(GLTF);
    expect(strFromU8(files['scene.bin']!)).toBe('abcd');
    expect(files['textures/wood grain.png']).toEqual(PNG);
    expect(methods['textures/wood grain.png']).toBe(0); // stored
    expect(methods['scene.gltf']).toBe(8); // deflated
    expect(progress.at(-1)).toBe(1);
  });

  it('keeps files already at the named path and a picked folder as it is', async () => {
    const plan = bundle([
      file('scene.gltf', GLTF, 'm/scene.gltf'),
      file('scene.bin', 'abcd', 'm/scene.bin'),
      file('wood grain.png', PNG, 'm/textures/wood grain.png'),
      file('wood grain.png', PNG, 'm/old/wood grain.png'),
    ]);
    const { names } = await entries(await packBundle(plan));
    expect(names).toEqual(['old/wood grain.png', 'scene.bin', 'scene.gltf', 'textures/wood grain.png']);
  });

  it("places an .obj's .mtl and the .mtl's textures where they are named", async () => {
    const obj = 'mtllib mats/crate.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    const mtl = 'newmtl wood\nKd 1 1 1\nmap_Kd -s 1 1 1 ../tex/wood.jpg\nbump tex\\normal.png\n';
    const plan = bundle([file('crate.obj', obj), file('crate.mtl', mtl), file('wood.jpg', PNG), file('normal.png', PNG)]);
    const { names } = await entries(await packBundle(plan));
    expect(names).toEqual(['crate.obj', 'mats/crate.mtl', 'mats/tex/normal.png', 'tex/wood.jpg']);
  });

  it('never places a file outside the upload, whatever the .gltf names', async () => {
    const gltf = JSON.stringify({ asset: { version: '2.0' }, images: [{ uri: '../../etc/wood.png' }] });
    const plan = bundle([file('scene.gltf', gltf), file('wood.png', PNG)]);
    expect((await entries(await packBundle(plan))).names).toEqual(['scene.gltf', 'wood.png']);
  });

  it('gives the same bytes and date for the same files (so an interrupted upload resumes), whatever their dates', async () => {
    const picked = () => [
      { file: new File([GLTF], 'scene.gltf', { lastModified: 0 }), path: 'scene.gltf' },
      { file: new File(['abcd'], 'scene.bin', { lastModified: Date.UTC(2024, 5, 1) }), path: 'scene.bin' },
      { file: new File([PNG], 'wood grain.png', { lastModified: Date.UTC(2200, 0, 1) }), path: 'wood grain.png' },
    ];
    const [a, b] = [await packBundle(bundle(picked())), await packBundle(bundle(picked()))];
    expect(new Uint8Array(await a!.arrayBuffer())).toEqual(new Uint8Array(await b!.arrayBuffer()));
    expect(a!.lastModified).toBe(b!.lastModified);
  });

  it('stops when aborted', async () => {
    const plan = bundle([file('scene.gltf', GLTF), file('scene.bin', 'abcd')]);
    const ctl = new AbortController();
    ctl.abort();
    await expect(packBundle(plan, undefined, ctl.signal)).rejects.toThrow(/stopped/);
  });
});

describe('filesFromDrop', () => {
  it('walks dropped folders (readEntries in batches) with their paths', async () => {
    const fileEntry = (name: string) => ({
      isFile: true,
      isDirectory: false,
      name,
      file: (ok: (f: File) => void) => ok(new File([name], name)),
    });
    const dir = (name: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        const batches = [children.slice(0, 1), children.slice(1), []];
        return { readEntries: (ok: (b: unknown[]) => void) => ok(batches.shift() ?? []) };
      },
    });
    const tree = dir('Chair', [fileEntry('chair.gltf'), fileEntry('chair.bin'), dir('textures', [fileEntry('wood.png')])]);
    const dt = {
      items: [{ kind: 'file', webkitGetAsEntry: () => tree }],
      files: [],
    } as unknown as DataTransfer;
    const picked = await filesFromDrop(dt);
    expect(picked.map((p) => p.path)).toEqual(['Chair/chair.gltf', 'Chair/chair.bin', 'Chair/textures/wood.png']);
    expect(bundle(picked).files.map((f) => f.path)).toEqual(['chair.gltf', 'chair.bin', 'textures/wood.png']);
  });
});
