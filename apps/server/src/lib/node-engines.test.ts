import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises Node 20, so `npm ci` must not warn that an installed package needs a newer Node.
 * Every package in the lock file whose `engines.node` is declared must accept the oldest Node the root package.json
 * allows (overrides in package.json pin such packages to versions that do, e.g. light-my-request's `cookie`).
 */
describe('package-lock engines', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
  };
  const rootPackage = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
  const oldest = semver.minVersion(rootPackage.engines.node)?.version ?? '';

  it('every installed package supports the oldest Node the README promises', () => {
    expect(oldest).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages)
      .map(([path, pkg]) => ({ path, range: Array.isArray(pkg.engines) ? undefined : pkg.engines?.node }))
      .filter((p): p is { path: string; range: string } => typeof p.range === 'string')
      .filter((p) => !semver.satisfies(oldest, p.range))
      .map((p) => `${p.path} needs node ${p.range}`);
    expect(refusing).toEqual([]);
  });
});
