import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { formatTime } from '../../../lib/dates';
import LogsPage from './logs-page';

setupScreenTests();

const OUTBOX = '/api/system/mail_outbox';
const mail = (id: number, to: string, subject: string, text: string, created_at: string) => ({
  id,
  to,
  subject,
  text,
  html: `<p>${text}</p>`,
  created_at,
});
const newest = mail(
  2,
  'bob@demo.test',
  'Reset your password',
  'Your reset code is 654321\nIt expires in 10 minutes.',
  '2026-11-23T10:05:30.000Z',
);
const older = mail(
  1,
  'ann@demo.test',
  'XR Studio verification code',
  'Your verification code is 123456',
  '2026-11-22T08:00:00.000Z',
);

/** The query strings the outbox was asked with. */
const outboxQueries = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([u]) => u.split('?')[0] === OUTBOX).map(([u]) => new URL(u, 'http://x').searchParams);

describe('logs page: mail outbox', () => {
  it('lists the kept mails newest first with time, recipient and subject', async () => {
    serve({ [OUTBOX]: () => reply(200, [newest, older]) });
    renderAt(<LogsPage />, '/system/logs');

    expect(screen.getByRole('tab', { name: 'Mail outbox' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    const row = (await screen.findByText('Reset your password')).closest('tr') as HTMLElement;
    expect(within(row).getByText('bob@demo.test')).toBeInTheDocument();
    expect(within(row).getByText(formatTime(newest.created_at, { seconds: true }))).toBeInTheDocument();
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.findIndex((r) => r.includes('bob@demo.test'))).toBeLessThan(rows.findIndex((r) => r.includes('ann@demo.test')));
    // the text shows only when a row is opened
    expect(screen.queryByText(/Your reset code is/)).toBeNull();
  });

  it('searches by recipient: sends `to`, and says when nothing was kept for it', async () => {
    const fetch = serve({
      [OUTBOX]: () => {
        const last = outboxQueries(fetch).at(-1);
        return reply(200, last?.get('to') === 'ann@demo.test' ? [older] : last?.get('to') ? [] : [newest, older]);
      },
    });
    renderAt(<LogsPage />, '/system/logs');
    await screen.findByText('Reset your password');
    expect(outboxQueries(fetch)[0]?.has('to')).toBe(false);
    expect(outboxQueries(fetch)[0]?.get('limit')).toBe('100');

    const search = screen.getByRole('textbox', { name: 'Full recipient address' });
    fireEvent.change(search, { target: { value: '  ann@demo.test ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('Reset your password')).toBeNull());
    expect(screen.getByText('XR Studio verification code')).toBeInTheDocument();
    expect(outboxQueries(fetch).at(-1)?.get('to')).toBe('ann@demo.test');

    fireEvent.change(search, { target: { value: 'nobody@demo.test' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No mails kept for nobody@demo.test')).toBeInTheDocument();
    expect(outboxQueries(fetch).at(-1)?.get('to')).toBe('nobody@demo.test');

    const before = outboxQueries(fetch).length;
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(outboxQueries(fetch).length).toBe(before + 1));
    expect(outboxQueries(fetch).at(-1)?.get('to')).toBe('nobody@demo.test');
  });

  it('says "No mails kept" when the outbox is empty', async () => {
    serve({ [OUTBOX]: () => reply(200, []) });
    renderAt(<LogsPage />, '/system/logs');
    expect(await screen.findByText('No mails kept')).toBeInTheDocument();
  });

  it('opens a row on the plain text, kept as written, with a copy button', async () => {
    serve({ [OUTBOX]: () => reply(200, [newest, older]) });
    renderAt(<LogsPage />, '/system/logs');
    const row = (await screen.findByText('Reset your password')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));

    const text = await screen.findByText(/Your reset code is 654321/);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(newest.text);
    expect(text).toHaveClass('xr-mail-text');
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    expect(screen.queryByText(/Your verification code is/)).toBeNull();
  });

  it('when the call does not exist (a mail server is configured) says mails are delivered, without an error', async () => {
    const fetch = serve({
      [OUTBOX]: () => new Response(JSON.stringify({ code: 40401, message: 'Not found', data: null }), { status: 404 }),
    });
    renderAt(<LogsPage />, '/system/logs');
    expect(await screen.findByText('Mails are delivered by the mail server')).toBeInTheDocument();
    expect(screen.getByText(/A mail server is configured/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();
    expect(outboxQueries(fetch)).toHaveLength(1);
  });
});
