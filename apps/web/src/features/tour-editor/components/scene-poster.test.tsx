import { render, screen, within } from '@testing-library/react';
import type { ResolvedMedia, TourScene } from '@xr/contract/scenes';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import '../../../components/viewers/tour/tour-i18n';
import { createTourStore, emptyTour } from '../store/tour-store';
import { SceneList } from './scene-list';

const scene = (id: string, type: 'image360' | 'video360', asset: number): TourScene => ({
  id,
  name: { en: `Scene ${id}` },
  media: { type, asset_id: asset },
  start_view: { yaw: 0, pitch: 0, zoom: 50 },
  background_audio: null,
  hotspots: [],
});
const video = (urls: Record<string, string>): ResolvedMedia => ({
  id: 2,
  kind: 'video360',
  status: 'ready',
  urls,
  tiles: null,
  clips: [],
});

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('360 video scene in the scene strip', () => {
  it('shows the poster frame the pipeline took instead of the placeholder', () => {
    const store = createTourStore({ ...emptyTour(), start_scene: 'v', scenes: [scene('v', 'video360', 2)] }, 1);
    render(
      <SceneList
        store={store}
        media={{ '2': video({ original: '/files/v.mp4', poster: '/files/poster.jpg' }) }}
        issues={[]}
        onAdd={() => undefined}
      />,
    );
    const [item] = screen.getAllByTestId('editor-scene');
    const img = item?.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/files/poster.jpg');
    expect(within(item!).queryByText('▶ 360°')).toBeNull();
  });

  it('keeps the placeholder while the video has no poster yet', () => {
    const store = createTourStore({ ...emptyTour(), start_scene: 'v', scenes: [scene('v', 'video360', 2)] }, 1);
    render(<SceneList store={store} media={{ '2': video({ original: '/files/v.mp4' }) }} issues={[]} onAdd={() => undefined} />);
    const [item] = screen.getAllByTestId('editor-scene');
    expect(item?.querySelector('img')).toBeNull();
    expect(within(item!).getByText('▶ 360°')).toBeInTheDocument();
  });
});
