/** Whether this browser can open an immersive VR session (the "Enter VR" button shows only then). */
export async function isVrSupported(): Promise<boolean> {
  const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
  if (!xr?.isSessionSupported) return false;
  return xr.isSessionSupported('immersive-vr').catch(() => false);
}
