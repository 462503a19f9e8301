import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ResolvedMedia, TourHotspot, TourScene } from '@xr/contract/scenes';
import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import './tour-i18n';
import { HotspotPopup } from './hotspot-popup';
import { actionOf, panoramaOf, thumbnailOf, viewAfterLink, visibleAt } from './tour-logic';

const base = {
  title: { en: 'Title', zh: '标题' },
  text: { en: 'Some text' },
  icon: 'info',
  size: 40,
  position: { yaw: 0, pitch: 0 },
} as const;
const media = (id: number, urls: Record<string, string>, tiles: ResolvedMedia['tiles'] = null): ResolvedMedia =>
  ({ id, kind: 'image', status: 'ready', urls, tiles, clips: [] }) as ResolvedMedia;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('tour hotspot logic', () => {
  it('shows time-limited hotspots only inside their range (end excluded), others always', () => {
    const h = { ...base, id: 'a', kind: 'text', time_range: { start: 2, end: 5 } } as TourHotspot;
    expect([0, 1.9, 2, 4.99, 5, 9].map((t) => visibleAt(h, t))).toEqual([false, false, true, true, false, false]);
    expect(visibleAt(h, null)).toBe(false);
    expect(visibleAt({ ...h, time_range: null }, null)).toBe(true);
  });

  it('turns each kind into what opening it does, in the language asked (falling back to another)', () => {
    const m = { '7': media(7, { original: 'https://s/img.jpg', preview_512: 'https://s/p.jpg' }) };
    const img = { ...base, id: 'i', kind: 'image', asset_id: 7, time_range: null } as TourHotspot;
    expect(actionOf(img, m, 'zh')).toEqual({
      type: 'popup',
      kind: 'image',
      title: '标题',
      text: 'Some text',
      url: 'https://s/img.jpg',
    });
    const link = { ...base, id: 'l', kind: 'link', url: 'https://example.com/x', time_range: null } as TourHotspot;
    expect(actionOf(link, m, 'en')).toMatchObject({ type: 'link', url: 'https://example.com/x' });
    const go = { ...base, id: 'g', kind: 'scene', target_scene: 's2', keep_direction: false, time_range: null } as TourHotspot;
    expect(actionOf(go, m, 'en')).toEqual({ type: 'scene', target: 's2', keepDirection: false });
    const missing = { ...base, id: 'v', kind: 'video', asset_id: 99, time_range: null } as TourHotspot;
    expect(actionOf(missing, m, 'en')).toMatchObject({ type: 'popup', kind: 'video', url: undefined });
  });

  it('keeps the view across a scene link, or takes the target’s start view', () => {
    const target = { start_view: { yaw: 1, pitch: 0.1, zoom: 30 } } as TourScene;
    expect(viewAfterLink({ yaw: -2, pitch: 0.3, zoom: 60 }, target, true)).toEqual({ yaw: -2, pitch: 0.3, zoom: 60 });
    expect(viewAfterLink({ yaw: -2, pitch: 0.3, zoom: 60 }, target, false)).toEqual({ yaw: 1, pitch: 0.1, zoom: 30 });
  });

  it('loads the preview first: tiles over the smallest preview, or a ≤2048 preview then the original', () => {
    const scene = { media: { type: 'image360', asset_id: 1 } } as TourScene;
    const tiled = media(1, { preview_4096: 'big', preview_2048: 'mid', preview_512: 'small', tile_0_0: 't' }, {
      width: 16384,
      cols: 16,
      rows: 8,
    } as ResolvedMedia['tiles']);
    expect(panoramaOf(scene, tiled)).toMatchObject({ type: 'tiles', preview: 'small', cols: 16, rows: 8 });
    expect(panoramaOf(scene, media(1, { original: 'full', preview_2048: 'mid' }))).toEqual({
      type: 'image',
      src: 'full',
      preview: 'mid',
    });
    const video = { media: { type: 'video360', asset_id: 2 } } as TourScene;
    expect(panoramaOf(video, media(2, { original: 'v.mp4' }))).toEqual({ type: 'video', src: 'v.mp4', poster: undefined });
    expect(panoramaOf(video, undefined)).toBeNull();
    expect(thumbnailOf(tiled)).toBe('small');
  });
});

describe('HotspotPopup', () => {
  it('asks before opening a link, shows the address and opens it in a new tab without opener', async () => {
    const onClose = vi.fn();
    render(
      <HotspotPopup action={{ type: 'link', title: 'Shop', text: '', url: 'https://example.com/shop' }} onClose={onClose} />,
    );
    expect(await screen.findByTestId('hotspot-link-url')).toHaveTextContent('https://example.com/shop');
    const open = screen.getByTestId('hotspot-link-open');
    expect(open).toHaveAttribute('href', 'https://example.com/shop');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Stay here' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the picture with its title and text, and Esc closes it', async () => {
    const onClose = vi.fn();
    render(
      <HotspotPopup
        action={{ type: 'popup', kind: 'image', title: 'Lobby', text: 'Built in 1920', url: 'https://s/a.jpg' }}
        onClose={onClose}
      />,
    );
    const img = await screen.findByRole('img', { name: 'Lobby' });
    expect(img).toHaveAttribute('src', 'https://s/a.jpg');
    expect(screen.getByText('Built in 1920')).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('plays video and audio in their players, and says when the media is missing', async () => {
    const { rerender } = render(
      <HotspotPopup
        action={{ type: 'popup', kind: 'video', title: '', text: '', url: 'https://s/v.mp4' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByTestId('hotspot-video')).toHaveAttribute('src', 'https://s/v.mp4');
    expect(screen.getByText('Video')).toBeInTheDocument();
    rerender(
      <HotspotPopup
        action={{ type: 'popup', kind: 'audio', title: 'Song', text: '', url: 'https://s/a.mp3' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByTestId('hotspot-audio')).toHaveAttribute('src', 'https://s/a.mp3');
    rerender(
      <HotspotPopup
        action={{ type: 'popup', kind: 'image', title: 'Gone', text: '', url: undefined }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('This media is not available.')).toBeInTheDocument();
  });
});
