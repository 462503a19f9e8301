import { render, screen } from '@testing-library/react';
import { WORLD_EMOTES } from '@xr/contract/world';
import { describe, expect, it, vi } from 'vitest';
import { drawRoomIcon, ROOM_ICON_PATHS, RoomIcon } from '../../../components/room-icons';
import { EMOTE_ICON } from './emotes';

const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u;

describe('room icons instead of emoji', () => {
  it('every emote has an icon with path data', () => {
    for (const e of WORLD_EMOTES) expect(ROOM_ICON_PATHS[EMOTE_ICON[e]].d.length).toBeGreaterThan(0);
  });

  it('the world feature’s code and the room’s strings carry no emoji (they render as boxes without an emoji font)', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '../../../locales/*/room*.json'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const found = Object.entries(sources)
      .filter(([, text]) => EMOJI.test(text))
      .map(([file]) => file);
    expect(found).toEqual([]);
  });

  it('a labelled icon is an image for screen readers; an unlabelled one is hidden', () => {
    render(
      <p>
        <RoomIcon name="hand" label="Hand raised" /> <RoomIcon name="heart" />
      </p>,
    );
    const hand = screen.getByRole('img', { name: 'Hand raised' });
    expect(hand.querySelectorAll('path')).toHaveLength(ROOM_ICON_PATHS.hand.d.length);
    expect(hand.textContent).toBe('');
    expect(document.querySelector('[data-icon="heart"]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws on a canvas with the same paths (filled ones filled), scaled to the size asked', () => {
    const made: string[] = [];
    vi.stubGlobal(
      'Path2D',
      class {
        constructor(d: string) {
          made.push(d);
        }
      },
    );
    const ctx = {
      save: vi.fn(),
      restore: vi.fn(),
      translate: vi.fn(),
      scale: vi.fn(),
      stroke: vi.fn(),
      fill: vi.fn(),
    } as unknown as CanvasRenderingContext2D;
    drawRoomIcon(ctx, 'heart', 10, 4, 48, '#fff');
    expect(made).toEqual(ROOM_ICON_PATHS.heart.d);
    expect(ctx.scale).toHaveBeenCalledWith(2, 2);
    expect(ctx.translate).toHaveBeenCalledWith(10, 4);
    expect(ctx.fill).toHaveBeenCalledTimes(1);
    expect(ctx.stroke).toHaveBeenCalledTimes(ROOM_ICON_PATHS.heart.d.length);
    vi.unstubAllGlobals();
  });
});
