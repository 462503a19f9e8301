import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it("switches zod's compiled parsers off without importing zod, and zod sees it", async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // a schema still parses (interpreted)
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
