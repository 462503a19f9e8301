import os from 'node:os';

/**
 * How many journey files run at once (`E2E_LANES`; default: one lane per two cores, at most two). Each lane has its
 * own ordinary server on its own fresh database (see global-setup), so two journeys never share demo accounts,
 * balances or rooms. A lane needs about two cores (Chromium's software WebGL, the server, ffmpeg): on a 2-core machine
 * two lanes made the 3D room and 3D editor journeys, running side by side, time out, so it runs one.
 */
export function laneCount(): number {
  const asked = Number(process.env.E2E_LANES);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / 2)));
}

/**
 * Seconds each journey file took in a CI run (one lane, idle 2-core machine). The lanes take the longest first, so
 * the last file to start is a short one and the lanes end close together; a file not listed counts as 30 s.
 */
export const RECORDED_SECONDS: Record<string, number> = {
  live: 180,
  world: 145,
  scene3d: 94,
  creator: 68,
  tour: 42,
  ar: 38,
  messages: 36,
  account: 34,
  commerce: 34,
  security: 33,
  tags: 26,
  avatars: 21,
  wallet: 20,
  'library-packs': 19,
  forum: 15,
  plans: 14,
  'multi-upload': 13,
  share: 13,
  institution: 8,
  reports: 7,
};
