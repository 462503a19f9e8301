import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve, unmountAndSettle } from '../../../components/test-utils';
import { resetToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import ContactPage from './contact-page';

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
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('contact page', () => {
  it('requires name, email and phone', async () => {
    const fetch = serve({});
    renderAt(<ContactPage />, '/contact');
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('phone number format is incorrect')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/send_contact_us')).toHaveLength(0);
  });

  it('sends the form and thanks the visitor', async () => {
    const fetch = serve({ '/api/send_contact_us': () => reply(200, { id: 1 }) });
    renderAt(<ContactPage />, '/contact');
    fill('Name', 'Ann Lee');
    fill('Email', 'ann@example.test');
    fill('Phone', '+852 9123 4567');
    fill('Message', 'A showroom for our gallery, please.');
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Thank you, your message is on its way')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/send_contact_us')).toEqual([
      { name: 'Ann Lee', email: 'ann@example.test', phone: '+85291234567', message: 'A showroom for our gallery, please.' },
    ]);
  });
});
