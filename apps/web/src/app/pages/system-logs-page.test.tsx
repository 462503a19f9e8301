import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import SystemLogsPage from './system-logs-page';

setupScreenTests();

describe('/system/logs', () => {
  it('opens on the audit log, beside the mail outbox', async () => {
    serve({
      '/api/logs_list': () => reply(200, { list: [], total: 0, total_exact: true, page: 1, limit: 20 }),
      '/api/system/mail_outbox': () => reply(200, []),
    });
    renderAt(<SystemLogsPage />, '/system/logs');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Mail outbox' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
  });
});
