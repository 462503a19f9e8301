import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/app';
import { cubeGlb } from '../../../test/fixtures/models';
import type { Database } from '../../db/client';
import { createLocalStorage, type Storage } from '../../lib/storage';
import { assets } from './assets.table';
import { createEditorRepository } from './editor.repository';
import { backfillUsdz } from './usdz-backfill';

let database: Database;
let drop: () => Promise<void>;
let dir: string;
let storage: Storage;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-usdz-backfill-'));
  storage = createLocalStorage(dir);
});

afterAll(async () => {
  await drop?.();
  await fs.rm(dir, { recursive: true, force: true });
});

async function asset(id: number, outputs: Record<string, string>, status: 'ready' | 'failed' = 'ready') {
  await database.db.insert(assets).values({
    id,
    projectId: 7,
    ownerId: 3,
    kind: 'model3d',
    filename: 'm.glb',
    extension: 'glb',
    originalKey: `assets/7/${id}/original.glb`,
    bytes: 1,
    outputs,
    outputBytes: 100,
    status,
  });
}

describe('USDZ backfill of models processed before the pipeline made one', () => {
  it('exports the GLB of each ready model without a USDZ, stores it and adds it to the outputs; a second run finds none', async () => {
    await storage.put('assets/7/1/model.glb', Buffer.from(await cubeGlb()));
    await asset(1, { model: 'assets/7/1/model.glb' });
    await asset(2, { model: 'assets/7/2/model.glb', model_usdz: 'assets/7/2/model_usdz.usdz' });
    await asset(3, { model: 'assets/7/3/model.glb' }, 'failed');
    await asset(4, { model: 'assets/7/4/model.glb' }); // its file is gone

    const report = await backfillUsdz({ db: database.db, storage });
    expect(report.made.map((m) => m.id)).toEqual([1]);
    expect(report.failed.map((f) => f.id)).toEqual([4]);
    const row = await createEditorRepository(database.db).assetById(1);
    expect(row?.outputs.model_usdz).toBe('assets/7/1/model_usdz.usdz');
    expect(row?.outputBytes).toBe(100 + (report.made[0]?.bytes ?? 0));
    const usdz = await buffer((await storage.get('assets/7/1/model_usdz.usdz'))!);
    expect(usdz.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(usdz.includes(Buffer.from('model.usda'))).toBe(true);

    const again = await backfillUsdz({ db: database.db, storage });
    expect(again.made).toEqual([]);
    expect(again.failed.map((f) => f.id)).toEqual([4]);
  }, 60_000);
});
