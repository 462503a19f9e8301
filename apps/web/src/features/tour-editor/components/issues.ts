import type { DocIssue } from '../store/autosave';

/** The issues under a path prefix (`['scenes', 0, 'hotspots', 2]`), by the next path element (the field). */
export function issuesAt(issues: readonly DocIssue[], prefix: readonly (string | number)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    if (i.path.length <= prefix.length || !prefix.every((p, k) => i.path[k] === p)) continue;
    const field = String(i.path[prefix.length]);
    out[field] ??= i.message;
  }
  return out;
}

/** Whether any issue lies under a path prefix. */
export const hasIssues = (issues: readonly DocIssue[], prefix: readonly (string | number)[]) =>
  issues.some((i) => prefix.every((p, k) => i.path[k] === p));
