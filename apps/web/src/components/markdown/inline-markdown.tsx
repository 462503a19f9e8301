import MarkdownIt from 'markdown-it';
import { memo, useMemo } from 'react';

/**
 * One-line Markdown (system message previews in the bell and on the profile) with the forum's settings: raw HTML off
 * (a `<script>` shows as text), so the output is markdown-it's own markup only. Emphasis, strong and code render;
 * a link keeps its text without being a link, because the previews are themselves buttons and list items that a
 * click marks as read.
 */
const md = new MarkdownIt({ html: false, linkify: false, breaks: false, typographer: false }).disable(['image']);
md.renderer.rules.link_open = () => '';
md.renderer.rules.link_close = () => '';

/** HTML of one line of Markdown, safe to insert (see above). */
export function renderInlineMarkdown(text: string): string {
  return md.renderInline(text);
}

/** A message as one line of rendered Markdown. */
export const InlineMarkdown = memo(function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderInlineMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with raw HTML off produces only its own markup
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
});
