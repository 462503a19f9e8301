import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve } from '../../../components/test-utils';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { BansDialog } from './bans-dialog';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => resetHttpState());

const ban = {
  entry_id: 4,
  user_id: 9,
  name: 'Noisy Nick',
  account: 'nick@example.com',
  banned_by: 1,
  banned_by_name: 'boss',
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('room bans dialog', { timeout: 60_000 }, () => {
  it('lists the bans and lifts one after a confirmation', async () => {
    let bans = [ban];
    const fetch = serve({
      '/api/explore/ban_page': () => reply(200, { list: bans, total: bans.length, page: 1, limit: 10 }),
      '/api/explore/unban': () => {
        bans = [];
        return reply(200, null);
      },
    });
    renderAt(<BansDialog entry={{ id: 4, name: 'Gallery' }} onClose={() => undefined} />, '/');
    expect(await screen.findByText('Banned from “Gallery”')).toBeInTheDocument();
    expect(await screen.findByText('Noisy Nick')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('ban-lift'));
    expect(await screen.findByText('Let Noisy Nick enter this room again?')).toBeInTheDocument();
    // nothing is sent before the confirmation
    expect(bodiesTo(fetch, '/api/explore/unban')).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Lift ban' }).at(-1) as HTMLElement);
    await waitFor(() => expect(bodiesTo(fetch, '/api/explore/unban')).toEqual([{ entry_id: 4, user_id: 9 }]));
    expect(await screen.findByText('Nobody is banned from this room')).toBeInTheDocument();
  });
});
