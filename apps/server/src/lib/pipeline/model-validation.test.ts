import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import * as validator from 'gltf-validator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cubeDocument, cubeGlb, cubeObj } from '../../../test/fixtures/models';
import type { PipelineError } from './errors';
import { validateGlb } from './gltf-io';
import { processModel } from './model';

// The real validator, with a hook that may add issues to the report of its n-th call (0: the input, 1: the output).
vi.mock('gltf-validator', async (importOriginal) => {
  const real = await importOriginal<typeof import('gltf-validator')>();
  return { ...real, validateBytes: vi.fn(real.validateBytes) };
});
const validateBytes = vi.mocked(validator.validateBytes);
type Issue = { code: string; severity: number; message: string; pointer?: string };

/** Adds `extra[n]` to the issues the validator reports on its n-th call of the next run. */
async function withIssues(extra: Issue[][]) {
  const real = (await vi.importActual<typeof import('gltf-validator')>('gltf-validator')).validateBytes;
  let call = 0;
  validateBytes.mockImplementation(async (bytes, options) => {
    const report = await real(bytes, options);
    const add = extra[call++] ?? [];
    const messages = [...(report.issues?.messages ?? []), ...add];
    const numErrors = messages.filter((m) => m.severity === 0).length;
    return { ...report, issues: { numWarnings: 0, numInfos: 0, ...report.issues, messages, numErrors } };
  });
}
afterEach(async () => {
  const real = (await vi.importActual<typeof import('gltf-validator')>('gltf-validator')).validateBytes;
  validateBytes.mockImplementation(real);
});

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-model-validation-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(name: string, data: Buffer | string) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  fs.writeFileSync(path.join(inDir, name), data);
  const workDir = path.join(inDir, 'work');
  const outcome = await processModel({ inputPath: path.join(inDir, name), originalName: name, workDir }).then(
    (r) => ({ ok: true as const, r }),
    (e: unknown) => ({ ok: false as const, e: e as PipelineError }),
  );
  return { outcome, workDir };
}

const issue = (code: string, severity: number, pointer = '/meshes/0'): Issue => ({
  code,
  severity,
  pointer,
  message: `${code} (test)`,
});

/** Our bug: the step fails as processing_failed with the validator's details for the log, and no GLB is written. */
function expectOurBug(outcome: Awaited<ReturnType<typeof run>>['outcome'], workDir: string, code: string) {
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(outcome.e.reason).toBe('processing_failed');
  expect(outcome.e.message).toMatch(/^Internal error: /);
  expect(outcome.e.message).toContain(code);
  expect(fs.existsSync(path.join(workDir, 'model.glb'))).toBe(false);
}

describe('the input and the output are validated separately', () => {
  it("keeps a glTF upload's own error and names it in a warning", async () => {
    // an emissive factor above 1 without KHR_materials_emissive_strength: an error of the upload, kept as it is
    const doc = await cubeDocument();
    doc.getRoot().listMaterials()[0]!.setEmissiveFactor([14.3, 14.3, 14.3]);
    const glb = Buffer.from(await new NodeIO().writeBinary(doc));
    const input = (await validateGlb(glb)).issues.filter((i) => i.severity === 0).map((i) => i.code);
    expect(input.length).toBeGreaterThan(0);
    const { outcome } = await run('glow.glb', glb);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.r.report.warnings.join()).toContain(`The uploaded model already had these glTF issues: ${input[0]}`);
  });

  it('fails as our bug when the output has an error whose code the input had only as a warning', async () => {
    await withIssues([[issue('MESH_PRIMITIVE_TOO_FEW_TEXCOORDS', 1)], [issue('MESH_PRIMITIVE_TOO_FEW_TEXCOORDS', 0)]]);
    const { outcome, workDir } = await run('cube.glb', await cubeGlb());
    expectOurBug(outcome, workDir, 'MESH_PRIMITIVE_TOO_FEW_TEXCOORDS');
  });

  it('fails as our bug when the output has more errors of a code than the input', async () => {
    const same = issue('ACCESSOR_INVALID_FLOAT', 0);
    await withIssues([[same], [same, issue('ACCESSOR_INVALID_FLOAT', 0, '/accessors/3')]]);
    const { outcome, workDir } = await run('cube.glb', await cubeGlb());
    expectOurBug(outcome, workDir, 'ACCESSOR_INVALID_FLOAT');
  });

  it('ships a glTF upload whose errors the output only inherits, with the warning', async () => {
    const same = issue('ACCESSOR_INVALID_FLOAT', 0);
    await withIssues([[same], [same]]);
    const { outcome } = await run('cube.glb', await cubeGlb());
    expect(outcome.ok && outcome.r.report.warnings).toEqual([
      'The uploaded model already had these glTF issues: ACCESSOR_INVALID_FLOAT',
    ]);
  });

  it('fails as our bug when our conversion of an OBJ has a validator error, never blaming the upload', async () => {
    await withIssues([[issue('ACCESSOR_INVALID_FLOAT', 0)], [issue('ACCESSOR_INVALID_FLOAT', 0)]]);
    const { outcome, workDir } = await run('cube.obj', cubeObj(false));
    expectOurBug(outcome, workDir, 'ACCESSOR_INVALID_FLOAT');
    if (!outcome.ok) expect(outcome.e.message).toContain('OBJ conversion');
  });

  it('fails as our bug when the optimised output of a converted OBJ has a validator error', async () => {
    await withIssues([[], [issue('MESH_PRIMITIVE_INVALID_ATTRIBUTE', 0)]]);
    const { outcome, workDir } = await run('cube.obj', cubeObj(false));
    expectOurBug(outcome, workDir, 'MESH_PRIMITIVE_INVALID_ATTRIBUTE');
    if (!outcome.ok) expect(outcome.e.message).toContain('optimisation');
  });
});
