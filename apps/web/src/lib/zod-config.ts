import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` and probes for it once; under the app's Content Security
 * Policy (no 'unsafe-eval') that probe is a CSP violation. The web parses few, small documents, so the interpreted
 * parser is as good: switch the compiler off before any schema runs (this module is the entry's first import).
 */
z.config({ jitless: true });
