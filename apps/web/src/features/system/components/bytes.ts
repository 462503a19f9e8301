export const MB = 1024 ** 2;
export const GB = 1024 ** 3;

/** 1536 -> "1.5 KB". */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = Math.max(0, n);
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : Number(v.toFixed(v >= 100 ? 0 : 1))} ${units[u]}`;
}
