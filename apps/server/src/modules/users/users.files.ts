import { CsvError, parse } from 'csv-parse/sync';

/** File kinds recognised by their first bytes (never by name or the client's content type). */
export type FileKind = 'png' | 'jpg' | 'webp' | 'gif' | 'pdf';

export const AVATAR_KINDS: readonly FileKind[] = ['jpg', 'png', 'webp', 'gif'];
export const CERTIFICATE_KINDS: readonly FileKind[] = ['pdf', 'jpg', 'png'];
/** Storage keys /register_certificate_upload hands out. */
export const CERTIFICATE_KEY = /^certificates\/[a-f0-9]{32}\.(pdf|png|jpg)$/;

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The kind of a file from its magic bytes, or null when it is none of the accepted kinds. */
export function sniffKind(buf: Buffer): FileKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** Content types of what may be served from `public/`; anything else goes out as a download. */
const PUBLIC_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  /** Generated market covers; safe to show inline because the route sends `Content-Security-Policy: sandbox`. */
  svg: 'image/svg+xml',
  avif: 'image/avif',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  /** AR Quick Look opens a USDZ only when it is served with its own type. */
  usdz: 'model/vnd.usdz+zip',
  bin: 'application/octet-stream',
  ktx2: 'image/ktx2',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
};

/** Content type by extension, and whether a browser may show it inline. */
export function publicContentType(key: string): { type: string; inline: boolean } {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const type = PUBLIC_TYPES[ext];
  return type ? { type, inline: true } : { type: 'application/octet-stream', inline: false };
}

/** `public/…` keys only, no empty, hidden or `..` segments, and a file extension. */
const PUBLIC_KEY = /^public\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.[A-Za-z0-9]+$/;
export const isPublicKey = (key: string) => key.length <= 500 && PUBLIC_KEY.test(key);

/** The URL a stored public file is served at (GET /api/files/public/…); other values (external URLs) pass through. */
export const publicUrlOf = (keyOrUrl: string) => (keyOrUrl.startsWith('public/') ? `/api/files/${keyOrUrl}` : keyOrUrl);

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF, LF or CR, optional BOM) into rows of fields. Lenient
 * like a spreadsheet: a quote inside an unquoted field is kept, rows may differ in length, a blank line is one empty
 * field (the caller skips it); a file that still cannot be read (a quote never closed) is `null`.
 */
export function parseCsv(text: string): string[][] | null {
  try {
    return parse(text, {
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
  } catch (e) {
    if (e instanceof CsvError) return null;
    throw e;
  }
}
