import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeOwnProject, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { RejectDialog } from './reject-dialog';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RejectDialog', () => {
  it('requires a reason, then sends it', async () => {
    const fetch = serve({
      '/api/approval/reject_project': () =>
        reply(200, makeOwnProject({ id: 9, name: 'Gallery', review_status: 'rejected' }), 'Operation successful'),
    });
    const onClose = vi.fn();
    renderAt(<RejectDialog projectId={9} name="Gallery" onClose={onClose} />, '/approval/project-review');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please enter the reason for rejection')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(bodiesTo(fetch, '/api/approval/reject_project')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Reason'));
    await userEvent.type(screen.getByLabelText('Reason'), ' Cover is blurry ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(bodiesTo(fetch, '/api/approval/reject_project')).toEqual([{ id: 9, reason: 'Cover is blurry' }]);
  });
});
