import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders Markdown but never raw HTML or script URLs', () => {
    const html = renderMarkdown('**bold** <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('opens outside links in a new tab without the opener; app links stay in the app', () => {
    expect(renderMarkdown('[site](https://example.com)')).toContain('target="_blank" rel="noopener noreferrer nofollow"');
    const inside = renderMarkdown('[project](#/product_details?id=3)');
    expect(inside).toContain('href="#/product_details?id=3"');
    expect(inside).not.toContain('target=');
  });

  it('keeps line breaks, links bare URLs and loads images lazily', () => {
    expect(renderMarkdown('one\ntwo')).toContain('one<br>');
    expect(renderMarkdown('see https://example.com')).toContain('<a href="https://example.com"');
    expect(renderMarkdown('![pano](/api/files/public/a.jpg)')).toContain('loading="lazy"');
  });
});
