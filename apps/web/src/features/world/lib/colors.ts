/** A stable hue per person (by id or name), so everyone sees the same person in the same colour. */
export function hueOf(key: string | number): number {
  const s = String(key);
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % 360;
}

/** The person's body colour (CSS hsl()). */
export function colorOf(key: string | number): string {
  return `hsl(${hueOf(key)}, 62%, 52%)`;
}
