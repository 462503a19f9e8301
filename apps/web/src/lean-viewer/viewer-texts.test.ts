import { describe, expect, it } from 'vitest';
import en from '../locales/en/scene3d.json';
import zh from '../locales/zh/common.json';
import { createLeanI18n, loadViewerTexts } from './lean-i18n';
import { viewerTexts } from './viewer-texts';

describe("the viewers' texts of the lean page", () => {
  it('are asked for once per language (the first script and the React part share the download)', async () => {
    const a = viewerTexts('en');
    expect(viewerTexts('en')).toBe(a);
    expect(viewerTexts('zh')).not.toBe(a);
    const trees = await a;
    expect(trees.scene3d).toEqual(en);
  });

  it("go into the page's i18next instance", async () => {
    const i18n = createLeanI18n('zh');
    await loadViewerTexts(i18n, 'zh');
    expect(i18n.getResourceBundle('zh', 'common')).toEqual(zh);
    expect(i18n.hasResourceBundle('zh', 'scene3d')).toBe(true);
  });
});
