import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { addTag, clearTags, getTags } from '../lib/tags';
import { TagsView } from './tags-view';
import { LocationProbe } from './test-utils';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  clearTags();
  addTag({ path: '/profile', title: 'profile', affix: true });
  addTag({ path: '/orderlist', fullPath: '/orderlist?page=2', title: 'orderList' });
  addTag({ path: '/wishlist', title: 'wishList' });
  addTag({ path: '/wallet/coins', title: 'walletCoins' });
});

function renderAt(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <TagsView />
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

async function contextAction(tagPath: string, action: string) {
  fireEvent.contextMenu(screen.getByTestId(`tag-${tagPath}`));
  fireEvent.click(await screen.findByText(action));
}

const paths = () => getTags().map((t) => t.path);

describe('tags-view', () => {
  it('lists the open pages with their titles and marks the current one', () => {
    renderAt('/wishlist');
    expect(screen.getByTestId('tag-/profile')).toHaveTextContent('Profile');
    expect(screen.getByTestId('tag-/orderlist')).toHaveTextContent('Orders');
    expect(screen.getByTestId('tag-/wishlist')).toHaveClass('is-active');
    expect(screen.getByTestId('tag-/profile')).not.toHaveClass('is-active');
  });

  it('refresh goes through /redirect/<path> with the query kept', async () => {
    renderAt('/orderlist?page=2');
    await contextAction('/orderlist', 'Refresh');
    expect(await screen.findByTestId('location')).toHaveTextContent('/redirect/orderlist?page=2');
  });

  it('close removes the tab and leaves for the last remaining one when it was current', async () => {
    renderAt('/wallet/coins');
    await contextAction('/wallet/coins', 'Close');
    expect(paths()).toEqual(['/profile', '/orderlist', '/wishlist']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wishlist'));
  });

  it('the pinned profile tab cannot be closed', async () => {
    renderAt('/profile');
    fireEvent.contextMenu(screen.getByTestId('tag-/profile'));
    const item = (await screen.findByText('Close')).closest('li');
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it('close others keeps the pinned tab and the chosen one, and opens it', async () => {
    renderAt('/wishlist');
    await contextAction('/orderlist', 'Close others');
    expect(paths()).toEqual(['/profile', '/orderlist']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orderlist?page=2'));
  });

  it('close all keeps only the pinned tab and goes to it', async () => {
    renderAt('/wishlist');
    await contextAction('/wishlist', 'Close all');
    expect(paths()).toEqual(['/profile']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
  });

  it('the × on a tab closes it', async () => {
    renderAt('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Close Wish list' }));
    expect(paths()).toEqual(['/profile', '/orderlist', '/wallet/coins']);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
