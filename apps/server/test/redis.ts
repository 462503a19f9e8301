import { Redis } from 'ioredis';

/** The Redis tests use: REDIS_URL when given, else a local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CI's machine runs Redis: there a suite that needs it must fail rather than skip when it does not answer. */
const onCi = /^(1|true)$/i.test(process.env.CI ?? '');

/**
 * Whether a Redis answers at `url`. Off CI the tests that need one are skipped when it does not; on CI (`CI=true`)
 * this throws instead, so a missing Redis fails the run instead of passing it with those suites silently skipped.
 */
export async function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  let answered = false;
  let reason = 'no answer';
  try {
    await probe.connect();
    answered = (await probe.ping()) === 'PONG';
  } catch (err) {
    reason = err instanceof Error ? err.message : String(err);
  } finally {
    probe.disconnect();
  }
  if (!answered && onCi) throw new Error(`Redis does not answer at ${url} (${reason}); CI=true requires it for this suite`);
  return answered;
}
