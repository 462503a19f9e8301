import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAt, unmountAndSettle } from '../test-utils';
import { useDeleteRow, useListQuery } from './list-page';
import { DeleteAction, pagination } from './table-parts';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await unmountAndSettle();
});

describe('DeleteAction', () => {
  it('asks "confirm to perform this action" first and deletes only on OK', async () => {
    const onConfirm = vi.fn();
    renderAt(<DeleteAction hint="Gone for good" onConfirm={onConfirm} />, '/');
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(screen.getByText('Gone for good')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is greyed out with a reason instead of asking', async () => {
    const onConfirm = vi.fn();
    renderAt(<DeleteAction disabledReason="Still in use" onConfirm={onConfirm} />, '/');
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(screen.queryByText('confirm to perform this action')).not.toBeInTheDocument();
  });
});

describe('pagination', () => {
  const run = (change: [number, number]) => {
    let query = { page: 3, limit: 10, keyword: 'x' };
    const config = pagination(query, 95, (update) => {
      query = update(query);
    });
    config.onChange?.(...change);
    return { config, query };
  };

  it('shows the query page and size', () => {
    expect(run([3, 10]).config).toMatchObject({ current: 3, pageSize: 10, total: 95, showSizeChanger: true });
  });

  it('moves to another page and keeps the filters', () => {
    expect(run([5, 10]).query).toEqual({ page: 5, limit: 10, keyword: 'x' });
  });

  it('starts again at page 1 on a new page size', () => {
    expect(run([3, 50]).query).toEqual({ page: 1, limit: 50, keyword: 'x' });
  });
});

describe('useListQuery', () => {
  it('searches with the trimmed draft from page 1, and resets to no filters keeping the page size', () => {
    const { result } = renderHook(() => useListQuery<{ keyword: string; kind?: string }>({ keyword: '' }));
    act(() => result.current.setQuery((q) => ({ ...q, page: 4, limit: 20 })));
    act(() => result.current.edit({ keyword: '  ann ', kind: 'xp' }));
    act(() => result.current.search());
    expect(result.current.query).toEqual({ page: 1, limit: 20, keyword: 'ann', kind: 'xp' });
    act(() => result.current.reset());
    expect(result.current.draft).toEqual({ keyword: '' });
    expect(result.current.query).toEqual({ page: 1, limit: 20 });
  });
});

describe('useDeleteRow', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <AntApp>{children}</AntApp>;

  it('steps back a page when the last row of a later page went', async () => {
    const del = { mutateAsync: vi.fn(async () => null) };
    let query = { page: 3, limit: 10 };
    const setQuery = (update: (q: typeof query) => typeof query) => {
      query = update(query);
    };
    const { result } = renderHook(() => useDeleteRow(del, 'Deleted', { rowsOnPage: 1, setQuery }), { wrapper });
    await act(() => result.current(42));
    expect(del.mutateAsync).toHaveBeenCalledWith(42);
    expect(query.page).toBe(2);
  });

  it('stays on the page when it fails', async () => {
    const del = { mutateAsync: vi.fn(async () => Promise.reject(new Error('in use'))) };
    const setQuery = vi.fn();
    const { result } = renderHook(() => useDeleteRow(del, 'Deleted', { rowsOnPage: 1, setQuery }), { wrapper });
    await act(() => result.current(42));
    expect(setQuery).not.toHaveBeenCalled();
  });
});
