import { screen } from '@testing-library/react';
import type { MetaWorldCard } from '@xr/contract/world';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import MetaPage from './meta-page';

const LONG = 'Sunlit gallery of bright white sculptures with a very long exhibition name that cannot fit on a card';

const card: MetaWorldCard = {
  id: 7,
  name: LONG,
  description: '',
  cover: '/api/files/public/covers/room.jpg',
  author_name: 'a_creator_with_a_rather_long_display_name',
  weight: 0,
  online_users: 3,
  views: 12,
  average_online_time: 0,
  room_id: 'r7',
  room_type: 'exhibition',
  access: 'public',
  capacity: 50,
  locked: false,
  scene_kind: 'scene',
};

vi.mock('../api/world-list', () => ({
  useWorldList: () => ({ data: { list: [card], total: 1 }, isLoading: false, isError: false, refetch: () => undefined }),
}));

setupScreenTests('en');

describe('/meta room cards', () => {
  it('keep the full room and author names in titles where the card shortens them', async () => {
    renderAt(<MetaPage />, '/meta');
    const name = await screen.findByTestId('world-name');
    expect(name).toHaveTextContent(LONG);
    expect(name).toHaveAttribute('title', LONG);
    // the picture names the room too (hovering the cover tells which room it is)
    const cover = document.querySelector('.xr-meta-card__cover');
    expect(cover).toHaveAttribute('title', LONG);
    expect(screen.getByText(`by ${card.author_name}`)).toHaveAttribute('title', `by ${card.author_name}`);
  });
});
