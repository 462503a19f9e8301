import { describe, expect, it } from 'vitest';
import { arPageUrl, detectArMode } from './ar-support';

const nav = (supported: string[] | null) =>
  (supported ? { xr: { isSessionSupported: async (mode: string) => supported.includes(mode) } } : {}) as unknown as Navigator;

describe('View in AR: which path a device takes', () => {
  it('uses WebXR where immersive-ar is supported, else a QR code on a desktop without Quick Look', async () => {
    expect(await detectArMode(true, nav(['immersive-ar']))).toBe('webxr');
    expect(await detectArMode(true, nav(['immersive-vr']))).toBe('qr');
    expect(await detectArMode(true, nav(null))).toBe('qr');
  });

  it('a browser that refuses the question is no WebXR device', async () => {
    const refusing = { xr: { isSessionSupported: () => Promise.reject(new Error('SecurityError')) } };
    expect(await detectArMode(false, refusing as unknown as Navigator)).toBe('qr');
  });

  it('the QR code opens the same page with ar=1, in the hash route or the query', () => {
    expect(arPageUrl('https://x.test/#/market_details?id=7')).toBe('https://x.test/#/market_details?id=7&ar=1');
    expect(arPageUrl('https://x.test/viewer.html?id=7')).toBe('https://x.test/viewer.html?id=7&ar=1');
  });
});
