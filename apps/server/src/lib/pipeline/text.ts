/**
 * Decodes a text model file (OBJ, MTL): UTF-8 with or without a byte-order mark, and UTF-16 (LE or BE, with a BOM
 * or recognised by its zero bytes), as Windows tools write it.
 */
export function decodeText(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.toString('utf8', 3);
  if (buf[0] === 0xff && buf[1] === 0xfe) return buf.toString('utf16le', 2);
  if (buf[0] === 0xfe && buf[1] === 0xff) return Buffer.from(buf.subarray(2)).swap16().toString('utf16le');
  const sample = buf.subarray(0, Math.min(buf.length, 4096) & ~1);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const half = sample.length / 2;
  if (half > 0 && oddZeros > half * 0.4 && evenZeros === 0) return buf.toString('utf16le', 0, buf.length & ~1);
  if (half > 0 && evenZeros > half * 0.4 && oddZeros === 0)
    return Buffer.from(buf.subarray(0, buf.length & ~1))
      .swap16()
      .toString('utf16le');
  return buf.toString('utf8');
}
