import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorpusFile, modelCorpus } from '../../../test/fixtures/corpus';
import { PipelineError } from './errors';
import { validateGlb } from './gltf-io';
import { processModel } from './model';

let dir: string;
let corpus: CorpusFile[];
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-corpus-'));
  corpus = await modelCorpus();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The real-world cases of the importer corpus, rebuilt as small files in each format (and the Draco bunny that
 * npm draco3dgltf ships): each must become a valid GLB with what the expectation names, or be refused with its
 * reason code and never anything else.
 */
describe('model corpus', () => {
  it('processes every corpus file as expected', async () => {
    const outcomes: string[] = [];
    for (const file of corpus) {
      const input = path.join(dir, file.name);
      fs.writeFileSync(input, file.data);
      const result = await processModel({
        inputPath: input,
        originalName: file.name,
        workDir: path.join(dir, `${file.name}-work`),
      }).catch((e: unknown) => e);
      if (file.expect.status === 'refused') {
        expect(result, file.name).toBeInstanceOf(PipelineError);
        expect((result as PipelineError).reason, file.name).toBe(file.expect.reason);
        outcomes.push(`${file.name}: refused ${(result as PipelineError).reason}`);
        continue;
      }
      if (result instanceof Error) throw new Error(`${file.name}: ${result.message}`);
      const { report, glbPath } = result as Awaited<ReturnType<typeof processModel>>;
      expect((await validateGlb(fs.readFileSync(glbPath))).errors, file.name).toEqual([]);
      const e = file.expect;
      expect(report.triangles, file.name).toBeGreaterThan(0);
      if (e.triangles !== undefined) expect(report.triangles, file.name).toBe(e.triangles);
      if (e.textures !== undefined) expect(report.textures, file.name).toBe(e.textures);
      if (e.animations !== undefined) expect([...report.animations].sort(), file.name).toEqual([...e.animations].sort());
      if (e.skins !== undefined) expect(report.skins, file.name).toBe(e.skins);
      if (e.morphTargets !== undefined) expect(report.morphTargets, file.name).toBe(e.morphTargets);
      if (e.maxMeshes !== undefined) expect(report.meshes, file.name).toBeLessThanOrEqual(e.maxMeshes);
      if (e.warning) expect(report.warnings.join(' | '), file.name).toMatch(e.warning);
      if (e.channels) {
        await MeshoptDecoder.ready;
        const doc = await new NodeIO()
          .registerExtensions(ALL_EXTENSIONS)
          .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
          .read(glbPath);
        const channels = doc
          .getRoot()
          .listAnimations()
          .flatMap((a) => a.listChannels().map((c) => `${c.getTargetNode()?.getName()}.${c.getTargetPath()}`));
        expect([...new Set(channels)].sort(), file.name).toEqual(e.channels);
      }
      outcomes.push(`${file.name}: ready`);
    }
    expect(outcomes).toHaveLength(corpus.length);
  }, 240_000);
});
