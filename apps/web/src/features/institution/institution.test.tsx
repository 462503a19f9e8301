import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InstitutionApplication } from '@xr/contract/institution';
import { describe, expect, it } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import { InstitutionStatusCard } from './components/institution-status-card';
import InstitutionReviewPage from './pages/institution-review-page';

setupScreenTests();

const application = (over: Partial<InstitutionApplication> = {}): InstitutionApplication => ({
  id: 7,
  user_id: 70,
  username: 'museum_hk',
  email: 'museum@example.test',
  forum_name: 'museum',
  account_type: 'organisation',
  certificate_url: '/api/files/signed/certificates/x.pdf?expires=1&sig=a',
  state: 'pending',
  reason: '',
  decider: '',
  decided_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('/approval/institutional', () => {
  it('lists pending applications with the certificate link and rejects only with a reason', async () => {
    const mock = serve({
      '/api/approval/institution_page': () => reply(200, { list: [application()], total: 1, page: 1, limit: 10 }),
      '/api/approval/institution_decide': () => reply(200, null),
    });
    renderAt(<InstitutionReviewPage />, '/approval/institutional');
    const row = (await screen.findByText('museum_hk')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: /Open/ })).toHaveAttribute('href', application().certificate_url);
    fireEvent.click(within(row).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/approval/institution_decide')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Unreadable scan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/approval/institution_decide')).toEqual([
        { id: 7, state: 'rejected', reason: 'Unreadable scan' },
      ]),
    );
  });

  it('says so when nothing waits', async () => {
    serve({ '/api/approval/institution_page': () => reply(200, { list: [], total: 0, page: 1, limit: 10 }) });
    renderAt(<InstitutionReviewPage />, '/approval/institutional');
    expect(await screen.findByText('No application is waiting')).toBeInTheDocument();
  });
});

describe('the applicant card on /profile', () => {
  const upload = () => <span>upload control</span>;

  it('shows a pending application', async () => {
    serve({
      '/api/user/institution_status': () =>
        reply(200, {
          state: 'pending',
          account_type: 'organisation',
          reason: '',
          created_at: '2026-11-20T10:00:00Z',
          decided_at: null,
        }),
    });
    renderAt(<InstitutionStatusCard user={makeUser({ account_type: 'organisation' })} renderUpload={upload} />, '/profile');
    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
  });

  it('shows the reason of a rejection and asks for a new certificate', async () => {
    const mock = serve({
      '/api/user/institution_status': () =>
        reply(200, {
          state: 'rejected',
          account_type: 'group_admin',
          reason: 'Expired licence',
          created_at: '2026-11-20T10:00:00Z',
          decided_at: '2026-11-21T10:00:00Z',
        }),
    });
    renderAt(<InstitutionStatusCard user={makeUser({ account_type: 'group_admin' })} renderUpload={upload} />, '/profile');
    expect(await screen.findByText(/Reason: Expired licence/)).toBeInTheDocument();
    // the form loads with the rejection (its own chunk)
    fireEvent.click(await screen.findByRole('button', { name: /Apply again/ }));
    expect(await screen.findByText('Please upload a certificate')).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/user/institution_apply')).toEqual([]);
  });

  it('shows nothing for an individual account', () => {
    const mock = serve({});
    const { container } = renderAt(
      <InstitutionStatusCard user={makeUser({ account_type: 'individual' })} renderUpload={upload} />,
      '/profile',
    );
    expect(container.querySelector('[data-testid=institution-status]')).toBeNull();
    expect(mock).not.toHaveBeenCalled();
  });
});
