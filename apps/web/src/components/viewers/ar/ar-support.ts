/*
 * Which "View in AR" this device can do. No three.js here: the details page asks before any viewer code loads.
 */

export type ArMode = 'webxr' | 'quicklook' | 'qr';

/** AR Quick Look (iOS Safari): an `<a rel="ar">` around an image opens a USDZ in AR. */
export function supportsQuickLook(doc: Document = document): boolean {
  const a = doc.createElement('a');
  try {
    return typeof a.relList?.supports === 'function' && a.relList.supports('ar');
  } catch {
    // a browser that defines no rel tokens for links throws instead of answering
    return false;
  }
}

/** WebXR `immersive-ar` (Android Chrome with ARCore), else Quick Look when there is a USDZ, else a QR code. */
export async function detectArMode(hasUsdz: boolean, nav: Navigator = navigator): Promise<ArMode> {
  const xr = (nav as Navigator & { xr?: { isSessionSupported(mode: string): Promise<boolean> } }).xr;
  if (xr) {
    try {
      if (await xr.isSessionSupported('immersive-ar')) return 'webxr';
    } catch {
      // a refused feature policy: no WebXR here
    }
  }
  if (hasUsdz && supportsQuickLook()) return 'quicklook';
  return 'qr';
}

/** The page's own address with `ar=1`: the QR code opens it on a phone, which then offers AR first. */
export function arPageUrl(href: string): string {
  const u = new URL(href);
  const [path, query = ''] = u.hash.slice(1).split('?');
  const q = new URLSearchParams(query);
  q.set('ar', '1');
  if (u.hash) u.hash = `${path}?${q.toString()}`;
  else u.searchParams.set('ar', '1');
  return u.toString();
}
