import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { Pager, pagerItems } from './pager';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('pagerItems', () => {
  it('lists every page up to seven, then first, last, two around the current one and gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'prev', 8, 9, 10, 11, 12, 'next', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'prev', 15, 16, 17, 18, 19, 20]);
  });
});

describe('Pager', () => {
  it('marks the current page, moves by one, by five and to a number, and stays in range', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pager current={1} total={200} pageSize={10} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
    await userEvent.click(screen.getByRole('button', { name: 'Next 5 pages' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
    rerender(<Pager current={20} total={200} pageSize={10} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous 5 pages' }));
    expect(onChange).toHaveBeenLastCalledWith(15);
    // the current page's own button does nothing; the keyboard reaches every button
    onChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Page 19' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(19);
  });
});
