declare module 'virtual:xr-messages/*' {
  /** The contract's error (`err`) and validation (`v`) texts of one language (see build/contract-messages.ts). */
  const texts: { err: Record<string, string>; v: Record<string, string> };
  export default texts;
}
