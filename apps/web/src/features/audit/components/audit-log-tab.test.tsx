import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { BLANK_FILTERS, toAuditListParams } from './audit-filters';
import { AuditLogTab } from './audit-log-tab';

setupScreenTests();

const LIST = '/api/logs_list';
const entry = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  actor: { id: 3, name: 'boss' },
  action: 'user.update',
  target: { type: 'user', id: '12', label: 'ann' },
  ip: '203.0.113.7',
  request_id: `req-${id}`,
  before: { status: 'active' },
  after: { status: 'disabled' },
  created_at: '2026-11-23T10:05:30.000Z',
  ...over,
});
const page = (list: unknown[], total = list.length, total_exact = true) => ({ list, total, total_exact, page: 1, limit: 20 });

/** The query strings the list was asked with. */
const queries = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([u]) => u.split('?')[0] === LIST).map(([u]) => new URL(u, 'http://x').searchParams);

describe('filters to GET /logs_list parameters', () => {
  it('sends nothing but the page for blank filters', () => {
    expect(toAuditListParams(BLANK_FILTERS, 2, 50)).toEqual({ page: 2, limit: 50 });
  });

  it('reads digits (or #digits) as an actor id and anything else as a name', () => {
    expect(toAuditListParams({ ...BLANK_FILTERS, actor: ' 42 ' }, 1, 20)).toMatchObject({ actor_id: 42 });
    expect(toAuditListParams({ ...BLANK_FILTERS, actor: '#7' }, 1, 20)).toMatchObject({ actor_id: 7 });
    const named = toAuditListParams({ ...BLANK_FILTERS, actor: ' Ann ' }, 1, 20);
    expect(named).toMatchObject({ actor: 'Ann' });
    expect(named).not.toHaveProperty('actor_id');
    // too big for an id: searched as a name (the server would refuse it as an id)
    expect(toAuditListParams({ ...BLANK_FILTERS, actor: '9999999999' }, 1, 20)).toMatchObject({ actor: '9999999999' });
  });

  it('sends a target id only with its type, and the action as chosen', () => {
    expect(toAuditListParams({ ...BLANK_FILTERS, targetId: '12' }, 1, 20)).not.toHaveProperty('target_id');
    expect(toAuditListParams({ ...BLANK_FILTERS, action: 'auth.login', targetType: 'user', targetId: ' 12 ' }, 1, 20)).toEqual({
      page: 1,
      limit: 20,
      action: 'auth.login',
      target_type: 'user',
      target_id: '12',
    });
  });

  it('turns a day range into whole local days: from the first midnight to the midnight after the last day', () => {
    const p = toAuditListParams({ ...BLANK_FILTERS, days: ['2026-11-01', '2026-11-03'] }, 1, 20);
    expect(p.start).toBe(new Date(2026, 10, 1).toISOString());
    expect(p.end).toBe(new Date(2026, 10, 4).toISOString());
  });
});

describe('audit log tab', () => {
  it('lists entries with actor, translated action, target and IP; a row opens on its before/after summary', async () => {
    serve({
      [LIST]: () =>
        reply(
          200,
          page([
            entry(2),
            entry(1, {
              actor: { id: null, name: 'system' },
              action: 'audit.retention',
              target: { type: 'audit_log', id: '', label: '' },
              ip: '',
            }),
          ]),
        ),
    });
    renderAt(<AuditLogTab />, '/system/logs');
    const row = (await screen.findByText('Member edited')).closest('tr') as HTMLElement;
    expect(within(row).getByText('boss')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('ann')).toBeInTheDocument();
    expect(screen.getByText('Old entries removed')).toBeInTheDocument();
    expect(screen.getByText('System')).toBeInTheDocument();
    expect(screen.getByText('2 in total')).toBeInTheDocument();

    expect(screen.queryByText(/"disabled"/)).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText(/"disabled"/)).toBeInTheDocument();
    expect(screen.getByText(/"active"/)).toBeInTheDocument();
    expect(screen.getByText('Request req-2')).toBeInTheDocument();
  });

  it('sends the typed filters on Search from page 1, and Reset clears them', async () => {
    const fetch = serve({ [LIST]: () => reply(200, page([entry(1)])) });
    renderAt(<AuditLogTab />, '/system/logs');
    await screen.findByText('Member edited');
    expect([...(queries(fetch)[0]?.keys() ?? [])].sort()).toEqual(['limit', 'page']);

    fireEvent.change(screen.getByRole('textbox', { name: 'Actor id or name' }), { target: { value: ' 42 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Target id' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries(fetch).at(-1)?.get('actor_id')).toBe('42'));
    // no target type chosen: the id is not sent
    expect(queries(fetch).at(-1)?.has('target_id')).toBe(false);
    expect(queries(fetch).at(-1)?.get('page')).toBe('1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Actor id or name' }), { target: { value: 'Ann' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Actor id or name' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queries(fetch).at(-1)?.get('actor')).toBe('Ann'));
    expect(queries(fetch).at(-1)?.has('actor_id')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(queries(fetch).at(-1)?.has('actor')).toBe(false));
  });

  it('says "More than 10,000" when the server stopped counting, and shows an empty state', async () => {
    const fetch = serve({
      [LIST]: () => (queries(fetch).length > 1 ? reply(200, page([], 0)) : reply(200, page([entry(1)], 10_000, false))),
    });
    renderAt(<AuditLogTab />, '/system/logs');
    expect(await screen.findByText(/More than 10,000/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Actor id or name' }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
  });
});
