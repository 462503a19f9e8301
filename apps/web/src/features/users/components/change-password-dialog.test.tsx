import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve, unmountAndSettle } from '../../../components/test-utils';
import { getToken, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { ChangePasswordDialog } from './change-password-dialog';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-1');
});
afterEach(async () => {
  await unmountAndSettle();
  vi.unstubAllGlobals();
});

function open() {
  const onClose = vi.fn();
  renderAt(<ChangePasswordDialog open onClose={onClose} />, '/profile');
  return onClose;
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('change-password dialog', () => {
  it('shows the spec messages for empty fields', async () => {
    const fetch = serve({});
    open();
    await submit();
    expect(await screen.findByText('The current password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('New password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Confirm password can not be blank')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/up_password')).toHaveLength(0);
  });

  it('says "Inconsistent password entered twice!" when the confirmation differs', async () => {
    serve({});
    open();
    fill('Current password', 'Old@12345');
    fill('New password', 'New@12345');
    fill('Confirm password', 'New@54321');
    await submit();
    expect(await screen.findByText('Inconsistent password entered twice!')).toBeInTheDocument();
  });

  it('also rejects a new password shorter than 8', async () => {
    serve({});
    open();
    fill('New password', 'short');
    expect(await screen.findByText('The password can not be less than 8 digits')).toBeInTheDocument();
  });

  it('changes the password, tells the user and keeps them signed in', async () => {
    const fetch = serve({ '/api/user/up_password': () => reply(200, null) });
    const onClose = open();
    fill('Current password', 'Old@12345');
    fill('New password', 'New@12345');
    fill('Confirm password', 'New@12345');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesTo(fetch, '/api/user/up_password')).toEqual([
      { old_password: 'Old@12345', new_password: 'New@12345', password: 'New@12345' },
    ]);
    expect(await screen.findByText(/Password changed/)).toBeInTheDocument();
    expect(getToken()).toBe('tok-1');
  });

  it('puts a wrong current password on its field', async () => {
    serve({ '/api/user/up_password': () => reply(40104, null, 'The current password is incorrect') });
    const onClose = open();
    fill('Current password', 'Wrong@123');
    fill('New password', 'New@12345');
    fill('Confirm password', 'New@12345');
    await submit();
    expect(await screen.findByText('The current password is incorrect')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
