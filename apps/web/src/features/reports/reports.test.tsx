import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportItem } from '@xr/contract/reports';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import ReportListPage from './pages/report-list-page';

setupScreenTests();

const item = (over: Partial<ReportItem> = {}): ReportItem => ({
  id: 4,
  target_type: 'forum_post',
  target_id: 40,
  target_title: 'Cheap VR headsets',
  target_excerpt: 'Buy now at http://spam.example',
  target_path: '/forum/thread?id=9',
  target_visible: true,
  owner: { id: 2, name: 'spammer' },
  author_name: '',
  reporter: { id: 3, name: 'alice' },
  reason: 'fraud',
  content: 'Phishing link',
  status: 'open',
  action: null,
  note: '',
  handler: '',
  handled_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('/ReportList', () => {
  it('shows an open report with its target and decides it with an outcome and a note', async () => {
    const mock = serve({
      '/api/reports/report_page': () => reply(200, { list: [item()], total: 1, page: 1, limit: 10 }),
      '/api/reports/report_decide': () => reply(200, null),
    });
    renderAt(<ReportListPage />, '/ReportList');
    const row = (await screen.findByText('Cheap VR headsets')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Phishing link')).toBeInTheDocument();
    expect(within(row).getByText('Misleading description or fraud')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /Decide/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Decide/ }));
    expect(await within(dialog).findByText('Choose an outcome')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a note')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Hide it'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Phishing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Decide/ }));
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/reports/report_decide')).toEqual([
        { id: 4, status: 'resolved', action: 'hide', note: 'Phishing' },
      ]),
    );
  });

  it('says so when nothing waits', async () => {
    serve({ '/api/reports/report_page': () => reply(200, { list: [], total: 0, page: 1, limit: 10 }) });
    renderAt(<ReportListPage />, '/ReportList');
    expect(await screen.findByText('No report is waiting')).toBeInTheDocument();
  });

  it('shows a reported chat message with its text, room and author; a guest author cannot be warned', async () => {
    serve({
      '/api/reports/report_page': () =>
        reply(200, {
          list: [
            item({
              id: 6,
              target_type: 'chat',
              target_id: 60,
              target_title: 'Gallery hall',
              target_excerpt: 'Cheap coins here',
              target_path: null,
              owner: null,
              author_name: 'Visitor 12',
            }),
          ],
          total: 1,
          page: 1,
          limit: 10,
        }),
    });
    renderAt(<ReportListPage />, '/ReportList');
    const cell = await screen.findByTestId('report-chat-target');
    expect(within(cell).getByText('Chat message')).toBeInTheDocument();
    expect(within(cell).getByText('Room: Gallery hall')).toBeInTheDocument();
    expect(within(cell).getByText('Cheap coins here')).toBeInTheDocument();
    expect(within(cell).getByText('Said by Visitor 12 (guest)')).toBeInTheDocument();
    const row = cell.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Decide/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Hide it')).toBeEnabled();
    expect(within(dialog).getByLabelText('Warn the owner')).toBeDisabled();
  });
});
