import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, makeUser, reply, serve, unmountAndSettle } from '../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../lib/auth/session';
import { resetHttpState } from '../../lib/http';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { PublicLayout } from './public-layout';

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
  await i18n.changeLanguage('en');
});

function renderLayout(path = '/contact') {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path="/contact" element={<div>contact page</div>} />
              <Route path="*" element={<LocationProbe />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('public layout', () => {
  it('has the header navigation, the footer links and the © line', () => {
    renderLayout();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    for (const title of ['Home', 'Market', 'Meta World', 'Solutions', 'About us', 'Contact us']) {
      expect(within(nav).getByText(title)).toBeInTheDocument();
    }
    expect(within(nav).getByText('Contact us')).toHaveClass('is-active');
    const footer = screen.getByRole('navigation', { name: 'Site links' });
    for (const title of ['Policy', 'User terms', 'About us', 'Join us', 'Contact us']) {
      expect(within(footer).getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByText(/© \d{4} XR Studio/)).toBeInTheDocument();
    expect(screen.getByText('contact page')).toBeInTheDocument();
  });

  it('offers Sign in and Register to visitors', () => {
    renderLayout();
    fireEvent.click(screen.getAllByRole('button', { name: 'Register' })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('shows the Console link and the avatar menu when signed in', async () => {
    serve({ '/api/user/user_info': () => reply(200, makeUser()) });
    setToken('tok-1');
    await loadUserInfo();
    renderLayout();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByTestId('public-user-menu')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /Console/ })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('shows the current language and cycles zh → tc → en', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderLayout();
    const button = screen.getByTestId('lang-switch');
    expect(button).toHaveTextContent('简体中文');
    fireEvent.click(button);
    expect(await screen.findByText('繁體中文')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('lang-switch'));
    expect(await screen.findByText('English')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('lang-switch'));
    expect(await screen.findByText('简体中文')).toBeInTheDocument();
  });
});
