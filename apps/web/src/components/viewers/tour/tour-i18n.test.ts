import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { TOUR_LOCALES } from './tour-i18n';

type Tree = { [key: string]: string | Tree };
const leaves = (t: Tree, p = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[`${p}${k}`, v] as [string, string]] : leaves(v, `${p}${k}.`)));

describe('tour locales (loaded with the tour chunk)', () => {
  it('have the same keys in zh, tc and en, none empty, with the same placeholders', () => {
    const [zh, tc, en] = [TOUR_LOCALES.zh, TOUR_LOCALES.tc, TOUR_LOCALES.en].map((t) => new Map(leaves(t as Tree)));
    expect([...zh!.keys()].sort()).toEqual([...en!.keys()].sort());
    expect([...tc!.keys()].sort()).toEqual([...en!.keys()].sort());
    const ph = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [k, v] of en!) {
      for (const other of [zh!, tc!]) {
        expect(other.get(k)!.trim(), k).not.toBe('');
        expect(ph(other.get(k)!), k).toEqual(ph(v));
      }
    }
  });

  it('are registered with i18next when the module loads', () => {
    expect(i18n.getResource('en', 'tour', 'vr.enter')).toBe('Enter VR');
    expect(i18n.getResource('zh', 'tour', 'vr.enter')).toBe('进入 VR');
  });
});
