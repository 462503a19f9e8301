import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Renders a list of text lines from the locale files as prose: `## ` starts a sub-heading, `- ` a bullet,
 * `! ` a highlighted note; anything else is a paragraph. Keeps long legal text in the translation files.
 */
export function Prose({ lines }: { lines: readonly string[] }) {
  const out: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length) {
      out.push(
        <ul key={`ul-${out.length}`}>
          {bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>,
      );
      bullets = [];
    }
  };
  for (const line of lines) {
    if (line.startsWith('- ')) {
      bullets.push(line.slice(2));
      continue;
    }
    flush();
    if (line.startsWith('## ')) out.push(<h3 key={`h-${out.length}`}>{line.slice(3)}</h3>);
    else if (line.startsWith('! '))
      out.push(
        <p key={`c-${out.length}`} className="xr-callout">
          {line.slice(2)}
        </p>,
      );
    else out.push(<p key={`p-${out.length}`}>{line}</p>);
  }
  flush();
  return <>{out}</>;
}

/** Lines of a locale array (`returnObjects`), or an empty list when the key is missing. */
export function useLines(ns: string) {
  const { t } = useTranslation(ns);
  return (key: string): string[] => {
    const v = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(v) ? (v as string[]) : [];
  };
}
