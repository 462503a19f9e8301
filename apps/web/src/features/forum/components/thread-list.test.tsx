import { screen } from '@testing-library/react';
import type { ForumThread, ThreadPage } from '@xr/contract/forum';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import { ThreadList } from './thread-list';

setupScreenTests('en');

const thread = (id: number): ForumThread => ({
  id,
  board_id: 1,
  title: `Thread ${id}`,
  author: { id: 7, forum_name: 'ann', avatar: '' },
  pinned: false,
  locked: false,
  solved: false,
  reply_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  last_post_at: '2026-11-20T10:00:00.000Z',
  last_poster: null,
  project_id: null,
  unread: false,
});
const page = (total: number, exact: boolean): ThreadPage => ({
  list: Array.from({ length: 20 }, (_, i) => thread(i + 1)),
  total,
  page: 1,
  limit: 20,
  total_exact: exact,
});

describe('ThreadList', () => {
  it('says "more than" when a search was counted only a few pages ahead', () => {
    renderAt(<ThreadList data={page(200, false)} loading={false} lang="en" empty="none" onPage={vi.fn()} />, '/forum');
    expect(screen.getByText('More than 200 threads')).toBeInTheDocument();
    expect(screen.getByText('Thread 1')).toBeInTheDocument();
  });

  it('shows the plain pager for an exact total', () => {
    renderAt(<ThreadList data={page(45, true)} loading={false} lang="en" empty="none" onPage={vi.fn()} />, '/forum');
    expect(screen.queryByText(/More than/)).not.toBeInTheDocument();
    expect(screen.getByTitle('3')).toBeInTheDocument();
  });
});
