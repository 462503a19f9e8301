/**
 * Zod compiles fast object parsers with `new Function` and probes for it once; under the app's Content Security
 * Policy (no 'unsafe-eval') that probe is a CSP violation. The web parses few, small documents, so the interpreted
 * parser is as good: switch the compiler off before any schema runs (this module is the entry's first import).
 *
 * Zod keeps its configuration in `globalThis.__zod_globalConfig` (what `z.config()` writes, created by zod only when
 * missing), so setting it here does not put zod itself into the entry's chunk: zod loads with the first page that
 * validates something. zod-config.test.ts checks that `z.config()` sees this setting.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
