import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namesFromFile, variantOf, wordsOf } from './library.glossary';
import { IMPORT_EXTENSIONS } from './library.import';
import { creditOf, isLicenseFile, licenseOf, packFolderOf, packNameOf, scanPacks } from './library.packs';

const CORPUS = path.resolve(__dirname, '../../../../../../shared/corpus/cc0-models');
const hasCorpus = fs.existsSync(CORPUS);
if (!hasCorpus) console.warn(`library pack tests: ${CORPUS} is absent, the real-pack checks are skipped`);

describe('names from file names through the glossary', () => {
  it('splits camelCase, separators and numbers', () => {
    expect(wordsOf('/x/chairCushion.fbx')).toEqual(['chair', 'cushion']);
    expect(wordsOf('Tree_1.fbx')).toEqual(['tree', '1']);
    expect(wordsOf('towerSquareMid2.glb')).toEqual(['tower', 'square', 'mid', '2']);
    expect(wordsOf('Animated Human.fbx')).toEqual(['animated', 'human']);
    expect(wordsOf('HTMLPanel.glb')).toEqual(['html', 'panel']);
  });

  it('names in three languages, modifiers first in Chinese, unknown words kept, category from the first noun', () => {
    expect(namesFromFile('chairCushion.fbx')).toEqual({
      names: { zh: '椅子坐垫', tc: '椅子坐墊', en: 'Chair cushion' },
      category: 'furniture',
      known: true,
    });
    expect(namesFromFile('Tree_1.fbx').names).toEqual({ zh: '树 1', tc: '樹 1', en: 'Tree 1' });
    expect(namesFromFile('Tree_1.fbx').category).toBe('plants');
    expect(namesFromFile('knightBlue.fbx').names.zh).toBe('蓝色骑士');
    expect(namesFromFile('gravestoneRound.fbx').names).toEqual({ zh: '圆形墓碑', tc: '圓形墓碑', en: 'Gravestone round' });
    expect(namesFromFile('wallDoor.fbx').category).toBe('architecture');
    expect(namesFromFile('carSedan.glb').names.zh).toBe('汽车 sedan');
    expect(namesFromFile('Zorblax.glb')).toMatchObject({ names: { zh: 'zorblax', en: 'Zorblax' }, known: false });
  });

  it('tells variants (colours, numbers) from models', () => {
    expect(variantOf('knightBlue.fbx')).toEqual({ base: 'knight', variant: 'Blue' });
    expect(variantOf('knightRed.fbx').base).toBe(variantOf('knightBlue.fbx').base);
    expect(variantOf('flagBlueWide.fbx')).toEqual({ base: 'flag wide', variant: 'Blue' });
    expect(variantOf('Tree_2.fbx')).toEqual({ base: 'tree', variant: '2' });
    expect(variantOf('chairCushion.fbx')).toEqual({ base: 'chair cushion', variant: '' });
    expect(variantOf('1.glb')).toEqual({ base: '1', variant: '' });
  });
});

describe('asset pack detection', () => {
  it('recognises licence files and licences', () => {
    expect(['License.txt', 'LICENSE', 'licence.md', 'LICENSE-CC0.txt'].every(isLicenseFile)).toBe(true);
    expect(['Licensed.txt', 'readme.txt'].some(isLicenseFile)).toBe(false);
    expect(licenseOf('License: (Creative Commons Zero, CC0)')).toBe('CC0 1.0');
    expect(licenseOf('https://creativecommons.org/licenses/by/4.0/')).toBe('CC BY 4.0');
    expect(licenseOf('All rights reserved')).toBeNull();
  });

  it('reads the author and link from the licence, a known publisher, or says unknown', () => {
    expect(creditOf('Kit', 'Created/distributed by Kenney (www.kenney.nl)\nCC0', '/p/Kit')).toEqual({
      pack: 'Kit',
      author: 'Kenney',
      license: 'CC0 1.0',
      url: 'https://kenney.nl',
    });
    expect(creditOf('P', 'LowPoly Models by @Quaternius\nCC0 1.0 Universal', '/x')).toMatchObject({
      author: 'Quaternius',
      url: 'https://quaternius.com',
    });
    expect(creditOf('P', 'Made by Jane Doe, 2021\nhttps://jane.example/packs\nCC-BY 4.0', '/x')).toEqual({
      pack: 'P',
      author: 'Jane Doe',
      license: 'CC BY 4.0',
      url: 'https://jane.example/packs',
    });
    expect(creditOf('P', 'do as you like', '/x')).toEqual({ pack: 'P', author: null, license: null, url: null });
  });

  it('names packs by their folder, past technical folders', () => {
    expect(packNameOf('Man Animated - Oct 2017')).toBe('Man Animated');
    expect(packNameOf('Christmas Pack [Patreon Exclusive]')).toBe('Christmas Pack');
    expect(packNameOf('Graveyard Kit (0.2)')).toBe('Graveyard Kit (0.2)');
    expect(packFolderOf('/q/Chars/Man - Oct 2017/FBX/a.fbx', '/q')).toBe('/q/Chars/Man - Oct 2017');
    expect(packFolderOf('/k/Kit (1.0)/Models/GLTF format/a.glb', '/k/Kit (1.0)')).toBe('/k/Kit (1.0)');
  });

  it.skipIf(!hasCorpus)('finds the real packs: one format per model, credits from the licence or the publisher', async () => {
    const list = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) out.push(...(await list(full)));
        else if ((IMPORT_EXTENSIONS as readonly string[]).includes(path.extname(e.name).toLowerCase())) out.push(full);
      }
      return out;
    };
    const platformer = path.join(CORPUS, 'kenney/Platformer Kit (1.0)');
    const files = await scanPacks(platformer, IMPORT_EXTENSIONS, await list(platformer));
    // shipped as GLTF, FBX, DAE and STL: the GLB of each is taken
    expect(files.length).toBeGreaterThan(10);
    expect(files.every((f) => f.file.endsWith('.glb'))).toBe(true);
    expect(files[0]!.credit).toEqual({
      pack: 'Platformer Kit (1.0)',
      author: 'Kenney',
      license: 'CC0 1.0',
      url: 'https://kenney.nl',
    });

    // a pack without its own licence: the publisher's licence one folder up covers it
    const man = path.join(CORPUS, 'quaternius/Characters and Animals/Man Animated - Oct 2017');
    const manFiles = await scanPacks(man, IMPORT_EXTENSIONS, await list(man));
    expect(manFiles.map((f) => path.basename(f.file))).toEqual(['Animated Human.fbx']);
    expect(manFiles[0]!.credit).toEqual({
      pack: 'Man Animated',
      author: 'Quaternius',
      license: 'CC0 1.0',
      url: 'https://quaternius.com',
    });
  });
});
