import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearErrorLog, getErrorLog, logError } from '../lib/error-log';
import i18n from '../lib/i18n';
import { ErrorLogButton } from './error-log-button';
import { TOUR_STEPS } from './guided-tour';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => clearErrorLog());

describe('error-log viewer', () => {
  it('counts the logged errors, lists them newest first and clears them', async () => {
    logError({ message: '50000: Something went wrong', url: 'GET /api/user/user_info' });
    logError({ message: 'TypeError: x is undefined', url: 'http://localhost/#/profile', stack: 'at profile.tsx:1' });
    render(
      <AntApp>
        <ErrorLogButton />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Error log' }));
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('TypeError: x is undefined');
    expect(rows[1]).toHaveTextContent('50000: Something went wrong');
    fireEvent.click(within(dialog).getByRole('button', { name: /Clear/ }));
    expect(getErrorLog()).toEqual([]);
    expect(await within(dialog).findByText('No errors recorded. Nice.')).toBeInTheDocument();
  });
});

describe('guided tour', () => {
  it('has about 19 stops over the layout', () => {
    expect(TOUR_STEPS).toHaveLength(19);
    expect(new Set(TOUR_STEPS.map((s) => s.key)).size).toBe(19);
  });
});
