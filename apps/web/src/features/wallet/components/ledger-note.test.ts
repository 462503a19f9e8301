import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { ledgerNote } from './ledger-note';

const note = 'SDK20261128ABC (10% commission on 15.00)';

describe('ledger notes', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('wallet');
  });

  it('translates the notes the server writes, in zh, tc and en', async () => {
    const said: Record<string, string> = {};
    for (const lang of ['zh', 'tc', 'en'] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces('wallet');
      const t = i18n.getFixedT(lang, 'wallet');
      said[lang] = ledgerNote(note, t);
      expect(said[lang]).toContain('SDK20261128ABC');
      expect(said[lang]).toContain('10%');
      expect(said[lang]).toContain('15.00');
      expect(ledgerNote('Demo welcome coins', t)).not.toBe(lang === 'en' ? '' : 'Demo welcome coins');
    }
    expect(said.zh).not.toMatch(/commission/);
    expect(said.tc).not.toMatch(/commission/);
    expect(said.zh).not.toBe(said.tc);
  });

  it('shows any other note as written', () => {
    const t = i18n.getFixedT('zh', 'wallet');
    expect(ledgerNote('#12 PayPal', t)).toBe('#12 PayPal');
    expect(ledgerNote('Refund for a broken file', t)).toBe('Refund for a broken file');
  });
});
