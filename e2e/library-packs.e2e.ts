import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import lib from '../apps/web/src/locales/en/library.json';
import projects from '../apps/web/src/locales/en/projects.json';
import s3d from '../apps/web/src/locales/en/scene3d.json';
import { shot as fullShot, launch, newContext, settle } from './browser';
import { addShowroomProject, adminToken, api, laneBase, signIn } from './helpers';

/**
 * Real asset packs in the library: an admin imports two shared CC0 packs as they are distributed (Kenney's
 * Graveyard Kit, FBX with a licence file; Quaternius's animated man, a rigged FBX under the publisher's licence)
 * through POST /library/import_pack (the server's LIBRARY_IMPORT_DIR is the shared corpus). A creator finds an
 * imported model in the editor's library by its glossary name, sees its credit on the card, adds it, adds the
 * animated character as an NPC, and the published scene's details page lists both models' credits.
 */
const base = laneBase();
const CORPUS = path.resolve(__dirname, '../../shared/corpus/cc0-models');
const GRAVEYARD = 'kenney/Graveyard Kit (0.2)';
const MAN = 'quaternius/Characters and Animals/Man Animated - Oct 2017';
const present = fs.existsSync(path.join(CORPUS, GRAVEYARD)) && fs.existsSync(path.join(CORPUS, MAN));
if (!present) console.warn(`library-packs journey skipped: the CC0 packs are absent from ${CORPUS}`);

const PASSWORD = 'Demo@12345';
const stamp = Date.now() % 1_000_000;
const PROJECT = `Graveyard ${stamp}`;

let browser: Browser;
let admin = '';
let token = '';
let projectId = 0;

type Report = { added: { id: number; file: string }[]; skipped: { id: number }[]; failed: { file: string; message: string }[] };
interface SavedObject {
  id: string;
  type: string;
  source?: { library_id?: number };
}

async function shot(page: Page, name: string) {
  await settle(page);
  await fullShot(page, name);
}

beforeAll(async () => {
  if (!present) return;
  browser = await launch();
  admin = await adminToken(base);
  token = (await api<{ access_token: string }>(base, '/api/login', { username: 'creator@demo.test', password: PASSWORD }))
    .access_token;
  projectId = (
    await addShowroomProject(base, token, {
      name: PROJECT,
      keywords: 'graveyard',
      description: `${PROJECT}: a scene of imported CC0 models`,
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!present)('asset packs in the model library', () => {
  it('an admin imports two shared packs; importing one again adds nothing', async () => {
    const graveyard = await api<Report>(base, '/api/library/import_pack', { path: GRAVEYARD }, admin);
    expect(graveyard.failed).toEqual([]);
    expect(graveyard.added.length + graveyard.skipped.length).toBeGreaterThanOrEqual(30);
    const man = await api<Report>(base, '/api/library/import_pack', { path: MAN }, admin);
    expect(man.failed).toEqual([]);
    const again = await api<Report>(base, '/api/library/import_pack', { path: GRAVEYARD }, admin);
    expect(again.added).toEqual([]);

    // the character keeps its clips and counts as one (usable as an NPC), with the publisher's credit
    const characters = await api<{ list: { name: string; clips: string[]; credit: { author: string } | null }[] }>(
      base,
      '/api/library/model_page?kind=character&keyword=human&limit=10',
      undefined,
      token,
      'GET',
    );
    const human = characters.list.find((m) => m.credit?.author === 'Quaternius');
    expect(human?.clips.length).toBeGreaterThan(0);
    const summary = await api<{ models: number; variants: number; imported: number; packs: number }>(
      base,
      '/api/library/summary',
      undefined,
      token,
      'GET',
    );
    expect(summary.packs).toBeGreaterThanOrEqual(2);
    expect(summary.models).toBeLessThan(summary.variants);
  }, 900_000);

  it('a creator places an imported model and the animated character; the scene lists their credits', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    onTestFailed(async () => {
      await fullShot(page, 'library-packs-failed').catch(() => undefined);
    });
    await signIn(page, base, 'creator@demo.test', PASSWORD);
    await page.goto(`${base}/#/vrdata/list`);
    await page.locator('tr', { hasText: PROJECT }).getByRole('button', { name: projects.editScene }).click();
    await page.getByTestId('scene-editor').waitFor({ timeout: 30_000 });
    const panel = page.getByTestId('asset-panel');
    await panel.getByTestId('library-counts').waitFor({ timeout: 20_000 });

    // an imported gravestone, named through the glossary, with its pack's credit on the card
    await panel.getByLabel(s3d.assets.search).fill('gravestone');
    await panel.getByLabel(s3d.assets.search).press('Enter');
    const grave = panel.getByTestId('asset-card').filter({ hasText: /^Gravestone/ });
    await grave.first().waitFor({ timeout: 20_000 });
    await grave.first().getByTestId('credit-button').click();
    const credit = page.locator('.ant-popover:visible').getByTestId('library-credit');
    await expect.poll(() => credit.textContent()).toContain('Graveyard Kit (0.2) by Kenney, CC0 1.0');
    await shot(page, 'library-packs-credit');
    await grave
      .first()
      .getByRole('button', { name: new RegExp(`^${s3d.assets.add} `) })
      .click();

    // the rigged, animated man as an NPC
    await panel.getByLabel(s3d.assets.search).fill('human');
    await panel.getByLabel(s3d.assets.search).press('Enter');
    await panel.getByText(s3d.assets.characters, { exact: true }).click();
    const man = panel.getByTestId('asset-card').filter({ hasText: /Animated human/i });
    await man.first().waitFor({ timeout: 20_000 });
    await man
      .first()
      .getByRole('button', { name: new RegExp(`^${s3d.assets.asNpc} `) })
      .click();
    await page.locator('[data-testid=save-state][data-state=saved]').waitFor({ timeout: 30_000 });
    await shot(page, 'library-packs-editor');

    const doc = (
      await api<{ document: { objects: SavedObject[] } }>(
        base,
        `/api/project/scene_details?id=${projectId}`,
        undefined,
        token,
        'GET',
      )
    ).document;
    expect(doc.objects.filter((o) => o.type === 'model' && o.source?.library_id)).toHaveLength(1);
    expect(doc.objects.filter((o) => o.type === 'npc')).toHaveLength(1);

    // published, the details page credits both packs under the viewer
    await api(base, '/api/project/submit_scene', { id: projectId }, token);
    await api(base, '/api/approval/approve_project', { id: projectId }, admin);
    await page.goto(`${base}/#/product_details?id=${projectId}`);
    const credits = page.getByTestId('scene-credits');
    await credits.waitFor({ timeout: 60_000 });
    await expect.poll(() => credits.textContent()).toContain('Kenney');
    expect(await credits.textContent()).toContain('Man Animated by Quaternius');
    expect(await credits.textContent()).toContain(lib.credit.title);
    await shot(page, 'library-packs-credits');
    await ctx.close();
  }, 600_000);
});
