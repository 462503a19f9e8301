import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import { ffmpegPath } from '../ffmpeg';
import { PipelineError } from './errors';

export interface VideoProbe {
  container: 'mp4' | 'webm';
  durationSeconds: number;
  width: number;
  height: number;
  /** RFC 6381 codec string for MP4 (e.g. `avc1.64001f`), Matroska codec id for WebM (e.g. `V_VP9`). */
  codec: string;
  bytes: number;
}

const CHUNK = 1024 * 1024;

async function readAt(fd: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Feeds the file to mp4box chunk by chunk until the `moov` box is parsed (works with moov at the end too). */
async function probeMp4(fd: fs.promises.FileHandle, size: number): Promise<Omit<VideoProbe, 'bytes'>> {
  const file = createFile();
  let info: Movie | null = null;
  let error: string | null = null;
  file.onReady = (i) => {
    info = i;
  };
  file.onError = (_m, msg) => {
    error = msg;
  };
  let next = 0;
  while (!info && !error && next < size) {
    const chunk = await readAt(fd, next, Math.min(CHUNK, size - next));
    if (chunk.length === 0) break;
    const ab = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
    next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ab, next), next + chunk.length >= size);
  }
  file.flush();
  const movie = info as Movie | null;
  if (!movie)
    throw new PipelineError(
      error ? 'unsupported_format' : 'truncated',
      `Could not read the MP4 header${error ? `: ${error}` : ''}`,
    );
  const video = movie.videoTracks[0];
  if (!video) throw new PipelineError('unsupported_format', 'The MP4 has no video track');
  const duration = movie.duration && movie.timescale ? movie.duration / movie.timescale : video.duration / (video.timescale || 1);
  return {
    container: 'mp4',
    durationSeconds: Math.round(duration * 1000) / 1000,
    width: video.video?.width ?? video.track_width,
    height: video.video?.height ?? video.track_height,
    codec: video.codec,
  };
}

// EBML / Matroska element ids used by the WebM reader.
const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackType: 0x83,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
} as const;

/** Reads a variable-length EBML integer; `keepMarker` for element ids. Returns null past the buffer end. */
function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  dataStart: number;
  dataEnd: number;
}

function* children(buf: Buffer, start: number, end: number): Generator<Element> {
  let pos = start;
  while (pos < end) {
    const id = readVint(buf, pos, true);
    if (!id) return;
    const size = readVint(buf, pos + id.length, false);
    if (!size) return;
    const dataStart = pos + id.length + size.length;
    const dataEnd = size.unknown ? end : Math.min(end, dataStart + size.value);
    yield { id: id.value, dataStart, dataEnd };
    pos = dataEnd;
  }
}

const uint = (buf: Buffer, e: Element) => {
  let v = 0;
  for (let i = e.dataStart; i < e.dataEnd; i++) v = v * 256 + buf[i]!;
  return v;
};
const float = (buf: Buffer, e: Element) =>
  e.dataEnd - e.dataStart === 4
    ? buf.readFloatBE(e.dataStart)
    : e.dataEnd - e.dataStart === 8
      ? buf.readDoubleBE(e.dataStart)
      : 0;
const str = (buf: Buffer, e: Element) => buf.toString('latin1', e.dataStart, e.dataEnd).replace(/\0+$/, '');

/**
 * Reads the head of a WebM / Matroska file with a small EBML parser: DocType, Info (TimecodeScale, Duration)
 * and the first video TrackEntry (CodecID, PixelWidth, PixelHeight). Stops at the first Cluster.
 */
async function probeWebm(fd: fs.promises.FileHandle, size: number): Promise<Omit<VideoProbe, 'bytes'>> {
  const buf = await readAt(fd, 0, Math.min(size, 4 * CHUNK));
  let docType = '';
  let scale = 1_000_000;
  let duration = 0;
  let track: { codec: string; width: number; height: number } | null = null;
  let sawSegment = false;
  for (const top of children(buf, 0, buf.length)) {
    if (top.id === ID.EBML) {
      for (const e of children(buf, top.dataStart, top.dataEnd)) if (e.id === ID.DocType) docType = str(buf, e);
    } else if (top.id === ID.Segment) {
      sawSegment = true;
      for (const s of children(buf, top.dataStart, top.dataEnd)) {
        if (s.id === ID.Info) {
          for (const e of children(buf, s.dataStart, s.dataEnd)) {
            if (e.id === ID.TimecodeScale) scale = uint(buf, e);
            else if (e.id === ID.Duration) duration = float(buf, e);
          }
        } else if (s.id === ID.Tracks) {
          for (const t of children(buf, s.dataStart, s.dataEnd)) {
            if (t.id !== ID.TrackEntry || track) continue;
            let type = 0;
            let codec = '';
            let width = 0;
            let height = 0;
            for (const e of children(buf, t.dataStart, t.dataEnd)) {
              if (e.id === ID.TrackType) type = uint(buf, e);
              else if (e.id === ID.CodecID) codec = str(buf, e);
              else if (e.id === ID.Video) {
                for (const v of children(buf, e.dataStart, e.dataEnd)) {
                  if (v.id === ID.PixelWidth) width = uint(buf, v);
                  else if (v.id === ID.PixelHeight) height = uint(buf, v);
                }
              }
            }
            if (type === 1) track = { codec, width, height };
          }
        } else if (s.id === ID.Cluster) break;
      }
    }
  }
  if (docType !== 'webm' && docType !== 'matroska') throw new PipelineError('unsupported_format', 'Not a WebM / Matroska file');
  if (!sawSegment) throw new PipelineError('truncated', 'The WebM file has no segment');
  if (!track) throw new PipelineError('unsupported_format', 'The WebM file has no video track');
  return {
    container: 'webm',
    durationSeconds: Math.round(((duration * scale) / 1e9) * 1000) / 1000,
    ...track,
  };
}

/**
 * Reads a 360 video's metadata (container, duration, pixel size, codec) without decoding it: MP4 through mp4box,
 * WebM through a small EBML reader. Only the header is read (the MP4 is streamed until its moov box).
 * With `workDir`, also a poster frame (`posterPath`): the picture about a second in, decoded by the ffmpeg binary the
 * npm package ships, scaled to 640 px wide. A video ffmpeg cannot decode, or a machine without it, has no poster
 * (lists then show a placeholder); that never refuses the upload.
 */
export async function probeVideo({
  inputPath,
  workDir,
}: {
  inputPath: string;
  workDir?: string;
}): Promise<VideoProbe & { posterPath?: string }> {
  const fd = await fs.promises.open(inputPath, 'r');
  let probe: VideoProbe;
  try {
    const { size } = await fd.stat();
    const head = await readAt(fd, 0, 12);
    if (head.length >= 4 && head.readUInt32BE(0) === ID.EBML) probe = { ...(await probeWebm(fd, size)), bytes: size };
    else if (head.length >= 8 && ['ftyp', 'moov', 'free', 'mdat', 'skip', 'wide'].includes(head.toString('latin1', 4, 8)))
      probe = { ...(await probeMp4(fd, size)), bytes: size };
    else throw new PipelineError('unsupported_format', 'Not an MP4 or WebM video');
  } finally {
    await fd.close();
  }
  if (!workDir) return probe;
  // The asset job hands over an output folder that does not exist yet (ffmpeg does not create it).
  await fs.promises.mkdir(workDir, { recursive: true });
  const posterPath = await posterFrame(inputPath, path.join(workDir, 'poster.jpg'), probe.durationSeconds);
  return posterPath ? { ...probe, posterPath } : probe;
}

/**
 * One frame of a video as a JPEG (640 px wide): at 1 s, or a third in for clips of 2 s or less. Null when ffmpeg is
 * missing or cannot decode it within a minute (a loaded machine starts the binary slowly).
 */
export async function posterFrame(inputPath: string, outPath: string, durationSeconds: number): Promise<string | null> {
  const bin = ffmpegPath();
  if (!bin) return null;
  const at = durationSeconds > 2 ? 1 : Math.max(0, durationSeconds / 3);
  // biome-ignore format: one argument per pair reads better
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y', '-ss', at.toFixed(2), '-i', inputPath,
    '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4', outPath,
  ];
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(bin, args, { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
  if (!ok) return null;
  const stat = await fs.promises.stat(outPath).catch(() => null);
  return stat && stat.size > 0 ? outPath : null;
}
