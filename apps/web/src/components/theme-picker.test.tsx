import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { THEME_PRESETS } from '../lib/theme';
import { ThemePicker } from './theme-picker';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('theme picker', () => {
  it('loads the colour picker with the first press and opens it with the presets', async () => {
    render(<ThemePicker />);
    expect(document.querySelector('.ant-color-picker')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Theme colour' }));
    await waitFor(() => expect(document.querySelector('.ant-color-picker')).not.toBeNull());
    expect(document.querySelectorAll('.ant-color-picker-presets-color').length).toBe(THEME_PRESETS.length);
  });
});
