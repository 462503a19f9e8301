import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@xr/contract/constants';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve, unmountAndSettle } from '../../../components/test-utils';
import { getToken, resetToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { safeRedirect } from '../safe-redirect';
import LoginPage from './login-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  queryClient.clear();
});
afterEach(async () => {
  await unmountAndSettle();
  vi.unstubAllGlobals();
});

const signedIn = {
  '/api/login': () => reply(200, { access_token: 'tok-1', token_type: 'Bearer', expires_at: '2099-01-01' }),
  '/api/user/user_info': () => reply(200, makeUser()),
  '/api/shopping_cart/cart_page': () => reply(200, { list: [], total: 0, page: 1, limit: 9999 }),
  '/api/oidc/config': () => reply(200, { enabled: false, name: null }),
};

async function signIn(path: string) {
  const fetch = serve(signedIn);
  const user = userEvent.setup();
  renderAt(<LoginPage />, path);
  fireEvent.change(screen.getByLabelText('Email or user name'), { target: { value: ' ann@demo.test ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@12345' } });
  await user.click(screen.getByRole('button', { name: /Sign in/ }));
  return fetch;
}

describe('login page', () => {
  it('signs in and goes to the `redirect` query', async () => {
    const fetch = await signIn('/login?redirect=/orderlist%3Fpage%3D2');
    expect(await screen.findByTestId('location')).toHaveTextContent('/orderlist?page=2');
    expect(bodiesTo(fetch, '/api/login')).toEqual([{ username: 'ann@demo.test', password: 'Demo@12345' }]);
    expect(getToken()).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('goes to /profile without a redirect, and never to another site', async () => {
    await signIn('/login');
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(safeRedirect('//evil.example/x')).toBe('/profile');
    expect(safeRedirect('https://evil.example')).toBe('/profile');
    expect(safeRedirect('/login?redirect=/x')).toBe('/profile');
    expect(safeRedirect('/vrdata/list?page=2')).toBe('/vrdata/list?page=2');
  });

  it('shows the server error in the form and stays', async () => {
    serve({ ...signedIn, '/api/login': () => reply(40101, null, 'Incorrect account or password') });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login?redirect=/orderlist');
    fireEvent.change(screen.getByLabelText('Email or user name'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    await user.click(screen.getByRole('button', { name: /Sign in/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect account or password');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('requires both fields', async () => {
    const fetch = serve(signedIn);
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: /Sign in/ }));
    expect(await screen.findByText('User name cannot be empty')).toBeInTheDocument();
    expect(await screen.findByText('Password cannot be empty')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/login')).toHaveLength(0);
  });

  it('tells the activation result from the mail link', async () => {
    serve(signedIn);
    const ok = renderAt(<LoginPage />, '/login?activated=1');
    expect(await screen.findByTestId('activated-ok')).toHaveTextContent('Your account is activated');
    ok.unmount();
    renderAt(<LoginPage />, '/login?activated=0');
    expect(await screen.findByTestId('activated-failed')).toHaveTextContent('invalid or has expired');
  });

  it('shows the third-party button only when the server has it configured', async () => {
    serve(signedIn);
    const first = renderAt(<LoginPage />, '/login');
    await waitFor(() => expect(queryClient.getQueryData(['oidc', 'config'])).toEqual({ enabled: false, name: null }));
    expect(screen.queryByTestId('oidc-login')).not.toBeInTheDocument();
    first.unmount();
    queryClient.clear();
    serve({ ...signedIn, '/api/oidc/config': () => reply(200, { enabled: true, name: 'Example ID' }) });
    renderAt(<LoginPage />, '/login');
    expect(await screen.findByTestId('oidc-login')).toHaveTextContent('Sign in with Example ID');
  });

  it('resets a forgotten password with an email code', async () => {
    const fetch = serve({
      ...signedIn,
      '/api/send_email_code': () => reply(200, null),
      '/api/retrieve_password': () => reply(200, null),
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@demo.test' } });
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('Resend in 60 s'));
    expect(bodiesTo(fetch, '/api/send_email_code')).toEqual([{ email: 'ann@demo.test', purpose: 'reset' }]);
    fireEvent.change(screen.getByLabelText('Email verification code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewSecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret2' } });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Inconsistent password entered twice!')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret1' } });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset complete')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/retrieve_password')).toEqual([
      { email: 'ann@demo.test', email_code: '123456', new_password: 'NewSecret1', password: 'NewSecret1' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or user name')).toHaveValue('ann@demo.test');
  });
});
