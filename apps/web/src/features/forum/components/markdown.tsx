import MarkdownIt from 'markdown-it';
import { memo, useMemo } from 'react';

/**
 * The forum's Markdown renderer. Raw HTML is off (`html: false`: a `<script>` or `<img onerror>` in a post shows as
 * text), links pass markdown-it's own check (no `javascript:`, `vbscript:`, `file:` or non-image `data:` URLs),
 * outside links open in a new tab without the opener, images load lazily, and the page's CSP limits where they
 * may come from. Line breaks are kept as typed, and bare URLs become links.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, opts, _env, self) => self.renderToken(tokens, idx, opts));
md.renderer.rules.link_open = (tokens, idx, opts, env, self) => {
  const token = tokens[idx];
  const href = token?.attrGet('href') ?? '';
  if (token && !href.startsWith('#')) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLink(tokens, idx, opts, env, self);
};
const defaultImage = md.renderer.rules.image ?? ((tokens, idx, opts, _env, self) => self.renderToken(tokens, idx, opts));
md.renderer.rules.image = (tokens, idx, opts, env, self) => {
  tokens[idx]?.attrSet('loading', 'lazy');
  return defaultImage(tokens, idx, opts, env, self);
};

/** HTML of a Markdown text, safe to insert (see above). */
export function renderMarkdown(text: string): string {
  return md.render(text);
}

/** A post's body. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with raw HTML off produces only its own markup
  return <div className="xr-forum-md" dangerouslySetInnerHTML={{ __html: html }} />;
});
