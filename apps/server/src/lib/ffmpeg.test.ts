import { describe, expect, it } from 'vitest';
import { ffmpegPath } from './ffmpeg';

describe('ffmpeg', () => {
  it('finds the binary shipped by @ffmpeg-installer', () => {
    expect(ffmpegPath()).toMatch(/ffmpeg$/);
  });
});
