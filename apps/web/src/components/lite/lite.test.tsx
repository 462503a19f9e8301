import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectCover } from '../project-card';
import { setupScreenTests } from '../test-utils';
import { ChoiceList, EmptyState, Notice, PersonAvatar, StarInput, Stars, TextArea } from './lite';

setupScreenTests();

describe('lite components (the public pages’ stand-ins for antd parts)', () => {
  it('a star choice is a group of five radios: a click sets the score, the checked star reads back', () => {
    function Rate() {
      const [v, setV] = useState(0);
      return (
        <>
          <StarInput value={v} onChange={setV} label="Your score" />
          <output>{v}</output>
        </>
      );
    }
    render(<Rate />);
    expect(screen.getByRole('group', { name: 'Your score' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '4 / 5' }));
    expect(screen.getByText('4', { selector: 'output' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 / 5' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '2 / 5' }));
    expect(screen.getByText('2', { selector: 'output' })).toBeInTheDocument();
  });

  it('a read-only score rounds to half stars and says it', () => {
    render(<Stars value={4.26} />);
    expect(screen.getByRole('img', { name: '4.5 / 5' })).toBeInTheDocument();
  });

  it('a text area counts characters, keeps to its maximum and shows the error state', () => {
    const onChange = vi.fn();
    const { rerender } = render(<TextArea value="abc" onChange={onChange} maxLength={10} showCount placeholder="Say it" />);
    const box = screen.getByRole('textbox', { name: 'Say it' });
    expect(box).toHaveAttribute('maxlength', '10');
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'abcd' } });
    expect(onChange).toHaveBeenCalledWith('abcd');
    rerender(<TextArea value="" onChange={onChange} invalid placeholder="Say it" />);
    expect(screen.getByRole('textbox', { name: 'Say it' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('choices, empty state, notice and avatar render what they are given', () => {
    const onChange = vi.fn();
    render(
      <>
        <ChoiceList options={['Yes', 'No']} value={undefined} onChange={onChange} label="Liked it?" />
        <EmptyState description="Nothing here yet" />
        <Notice status="warning" title="Could not load" subTitle="Try again" data-testid="n" />
        <PersonAvatar name="zoe" />
      </>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onChange).toHaveBeenCalledWith(1);
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByTestId('n')).toHaveTextContent('Could not loadTry again');
    expect(screen.getByText('Z')).toBeInTheDocument();
  });
});

describe('project cover', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the picture only when the cover comes near the visible area', () => {
    const observed: Element[] = [];
    let notify: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: Partial<IntersectionObserverEntry>[]) => void, opts: IntersectionObserverInit) {
          notify = cb;
          expect(opts.rootMargin).toBe('100px 0px');
        }
        observe(el: Element) {
          observed.push(el);
        }
        unobserve() {}
      },
    );
    const { container } = render(<ProjectCover src="/c.webp" name="Tour" id={1} />);
    expect(container.querySelector('img')).toBeNull();
    expect(observed).toHaveLength(1);
    act(() => notify?.([{ isIntersecting: true, target: observed[0] }]));
    expect(container.querySelector('img')).toHaveAttribute('src', '/c.webp');
  });
});
