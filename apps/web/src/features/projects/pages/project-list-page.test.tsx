import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesTo, makeOwnProject, renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import ProjectListPage from './project-list-page';

setupScreenTests();

const project = (id: number, name: string, sales: number) =>
  makeOwnProject({ id, name, keywords: 'k', description: 'd', sales_count: sales });

describe('project list page', () => {
  it('searches from the URL state, deletes after confirmation, and keeps owned projects from deletion', async () => {
    let rows = [project(1, 'Harbour night', 0), project(2, 'Sold gallery', 3)];
    const fetch = serve({
      '/api/project/my_project_page': () => reply(200, { list: rows, total: rows.length, page: 1, limit: 10 }),
      '/api/project/del_project': (b) => {
        rows = rows.filter((r) => r.id !== (b as { id: number }).id);
        return reply(200, null);
      },
    });
    renderAt(<ProjectListPage />, '/vrdata/list?review_status=approved', '/vrdata/list');
    expect(await screen.findByText('Harbour night')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toContain('review_status=approved');

    const sold = screen.getByText('Sold gallery').closest('tr') as HTMLElement;
    expect(within(sold).getByRole('button', { name: /Delete/ })).toBeDisabled();

    const free = screen.getByText('Harbour night').closest('tr') as HTMLElement;
    fireEvent.click(within(free).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/project/del_project')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByText('Harbour night')).toBeNull());

    fireEvent.change(screen.getByRole('textbox', { name: /Name, keyword/ }), { target: { value: '  gallery ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('keyword=gallery'));
  }, 90_000);

  it('shows a loading state, not "No data", while the first page loads', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve({
      '/api/project/my_project_page': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const view = renderAt(<ProjectListPage />, '/vrdata/list');
    await waitFor(() => expect(view.container.querySelector('.ant-skeleton')).not.toBeNull());
    expect(screen.queryByText('No data')).toBeNull();
    answer(reply(200, { list: [], total: 0, page: 1, limit: 10 }));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    expect(view.container.querySelector('.ant-skeleton')).toBeNull();
  });
});
