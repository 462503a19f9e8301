import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary that the npm package @ffmpeg-installer ships for this platform (no download at install or run
 * time), or null where it is not installed: callers treat ffmpeg as optional (no poster, no generated video).
 */
export function ffmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const p = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    return fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}
