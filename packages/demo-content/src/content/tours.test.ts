import { parseTourDocument, TOUR_HOTSPOT_KINDS } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../catalogue/projects';
import { PANORAMAS } from '../panorama/presets';
import { buildTourDocument, type TourMedia, type TourPlan } from './tours';

function mediaFor(plan: TourPlan): TourMedia {
  return {
    panoramas: Object.fromEntries(plan.scenes.map((s, i) => [s, 10 + i])),
    video360: plan.video ? 50 : undefined,
    video: 51,
    image: 52,
    audio: 53,
  };
}

describe('demo catalogue content', () => {
  it('gives every seeded project content, and every 360 item a tour of 2 to 4 scenes', () => {
    for (const p of SEED_PROJECTS) {
      expect(p.content, p.name).toBeDefined();
      if (p.catalog === '360_image' || p.catalog === '360_video') expect(p.content.kind, p.name).toBe('tour');
      if (p.catalog === '3d_model') expect(p.content.kind, p.name).toBe('scene');
      if (p.content.kind === 'tour') {
        const n = p.content.scenes.length + (p.content.video ? 1 : 0);
        expect(n, p.name).toBeGreaterThanOrEqual(2);
        expect(n, p.name).toBeLessThanOrEqual(4);
        for (const s of p.content.scenes) expect(PANORAMAS[s], s).toBeDefined();
      }
      if (p.catalog === '360_video') expect(p.content.kind === 'tour' && p.content.video, p.name).toBeTruthy();
    }
  });

  it('builds contract-valid tours with scene links both ways and hotspots of every kind', () => {
    for (const p of SEED_PROJECTS) {
      if (p.content.kind !== 'tour') continue;
      const doc = buildTourDocument(p.content, mediaFor(p.content));
      const parsed = parseTourDocument(JSON.parse(JSON.stringify(doc)));
      expect(parsed.success, p.name).toBe(true);
      expect(doc.start_scene).toBe(doc.scenes[0]?.id);
      // Each neighbouring pair links both ways.
      for (let i = 0; i + 1 < doc.scenes.length; i++) {
        const a = doc.scenes[i]!;
        const b = doc.scenes[i + 1]!;
        expect(a.hotspots.some((h) => h.kind === 'scene' && h.target_scene === b.id)).toBe(true);
        expect(b.hotspots.some((h) => h.kind === 'scene' && h.target_scene === a.id)).toBe(true);
      }
      const kinds = new Set(doc.scenes.flatMap((s) => s.hotspots.map((h) => h.kind)));
      for (const k of TOUR_HOTSPOT_KINDS) expect(kinds.has(k), `${p.name}: ${k}`).toBe(true);
      // Texts in the three languages.
      const welcome = doc.scenes[0]?.hotspots.find((h) => h.id === 'welcome');
      expect(welcome?.text.zh && welcome.text.tc && welcome.text.en).toBeTruthy();
      expect(doc.scenes[0]?.background_audio?.asset_id).toBe(53);
      if (p.content.video) {
        const video = doc.scenes[0]!;
        expect(video.media.type).toBe('video360');
        expect(video.hotspots.some((h) => h.time_range && h.time_range.end > h.time_range.start)).toBe(true);
      }
    }
  });

  it('leaves out the video scene and hotspot when no video could be made', () => {
    const plan = SEED_PROJECTS.find((p) => p.content.kind === 'tour' && p.content.video)?.content as TourPlan;
    const doc = buildTourDocument(plan, { ...mediaFor(plan), video360: undefined, video: undefined });
    expect(doc.scenes.every((s) => s.media.type === 'image360')).toBe(true);
    expect(doc.scenes.flatMap((s) => s.hotspots).some((h) => h.kind === 'video')).toBe(false);
  });
});
