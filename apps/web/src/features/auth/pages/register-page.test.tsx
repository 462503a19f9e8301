import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve, unmountAndSettle } from '../../../components/test-utils';
import { resetToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import RegisterPage from './register-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
});
afterEach(async () => {
  await unmountAndSettle();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const field = (label: RegExp | string) => screen.getByLabelText(label);
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  fill('User name', 'ann_creator');
  fill('Password', 'Secret@123');
  fill('Forum user name', 'annie');
  await user.click(screen.getByLabelText('Female'));
  fill('Phone', '+852 9123 4567');
  fill('Email', 'Ann@Example.test');
  fill('Email verification code', '123456');
  await user.click(screen.getByRole('checkbox'));
}

describe('register page', () => {
  it('shows the spec validation messages (password < 8, phone format, forum name) on the client', async () => {
    serve({});
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    fill('Password', 'short');
    fill('Phone', 'abc');
    fill('Forum user name', 'a b');
    await user.tab();
    expect(await screen.findByText('The password can not be less than 8 digits')).toBeInTheDocument();
    expect(await screen.findByText('phone number format is incorrect')).toBeInTheDocument();
    expect(
      await screen.findByText('Forum user name cannot contain spaces or special characters such as @ , / < >'),
    ).toBeInTheDocument();
  });

  it('reports every empty required field on submit, and sends nothing', async () => {
    const fetch = serve({});
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const text of [
      'User name cannot be empty',
      'Password cannot be empty',
      'Please choose a gender',
      'phone number format is incorrect',
      'Forum user name cannot be empty',
      'Email cannot be empty',
      'Verification code cannot be empty',
      'Please read and accept the user terms',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(bodiesTo(fetch, '/api/register')).toHaveLength(0);
  });

  it('asks organisations for a certificate', async () => {
    serve({});
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    expect(screen.queryByText('Organisation certificate')).not.toBeInTheDocument();
    await user.click(screen.getByText('Organisation'));
    expect(await screen.findByText('Organisation certificate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Organisation accounts must upload a certificate')).toBeInTheDocument();
  });

  it('prefills the invite code from ?invite=', () => {
    serve({});
    renderAt(<RegisterPage />, '/register?invite=FRIEND42');
    expect(field('Invite code (optional)')).toHaveValue('FRIEND42');
  });

  it('sends the email code and counts down 60 s before the next send', async () => {
    const fetch = serve({ '/api/send_register_email_code': () => reply(200, null) });
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('Email cannot be empty')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/send_register_email_code')).toHaveLength(0);
    fill('Email', 'ann@example.test');
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('Resend in 60 s'));
    expect(screen.getByTestId('send-code')).toBeDisabled();
    expect(bodiesTo(fetch, '/api/send_register_email_code')).toEqual([{ email: 'ann@example.test' }]);
  });

  it('puts a server field error on its field', async () => {
    serve({ '/api/register': () => reply(40902, null, 'This user name is already taken') });
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const item = (await screen.findByText('This user name is already taken')).closest('.ant-form-item');
    expect(item).not.toBeNull();
    expect(within(item as HTMLElement).getByLabelText('User name')).toBeInTheDocument();
  });

  it('registers, asks to confirm activation by mail, then "I have confirmed" checks the state', async () => {
    let status = 'pending';
    const fetch = serve({
      '/api/register': () => reply(200, { email: 'ann@example.test', status: 'pending' }),
      '/api/register_status_judge': () => reply(200, { email: 'ann@example.test', status }),
      '/api/resend_activation': () => reply(200, null),
    });
    const user = userEvent.setup();
    renderAt(<RegisterPage />, '/register');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Confirm account activation through the mailbox')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/register')).toEqual([
      {
        account_type: 'individual',
        username: 'ann_creator',
        password: 'Secret@123',
        gender: 'female',
        phone: '+85291234567',
        forum_name: 'annie',
        email: 'ann@example.test',
        email_code: '123456',
        terms: true,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'I have confirmed' }));
    expect(await screen.findByTestId('not-activated')).toHaveTextContent('not activated yet');
    await user.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/resend_activation')).toEqual([{ email: 'ann@example.test' }]));

    status = 'active';
    fireEvent.click(screen.getByRole('button', { name: 'I have confirmed' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?activated=1');
  });
});
