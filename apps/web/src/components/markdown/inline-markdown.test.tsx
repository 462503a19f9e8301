import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown, renderInlineMarkdown } from './inline-markdown';

describe('inline markdown of system messages', () => {
  it('renders emphasis as the forum does, never raw asterisks', () => {
    const view = render(<InlineMarkdown text="Your project **Harbour night** was *approved*" />);
    expect(view.container.querySelector('strong')?.textContent).toBe('Harbour night');
    expect(view.container.querySelector('em')?.textContent).toBe('approved');
    expect(view.container.textContent).toBe('Your project Harbour night was approved');
  });

  it('keeps raw HTML as text and links as plain text', () => {
    expect(renderInlineMarkdown('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(renderInlineMarkdown('see [the rules](javascript:alert(1))')).not.toMatch(/<a|href/);
    expect(renderInlineMarkdown('see [the rules](https://x.test/r)')).toBe('see the rules');
  });
});
