import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How Drizzle wraps a driver error: its own error with the driver's as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a database that is restarting, gone or out of connection slots, bare or wrapped', () => {
    for (const e of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([withCode('ECONNREFUSED')]), { code: undefined }),
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(e))).toBe(true);
    }
  });

  it('leaves errors of the query itself alone (they stay 400 / 409 / 500)', () => {
    for (const e of [
      withCode('23505', 'duplicate key'),
      withCode('22P02', 'invalid input syntax'),
      withCode('42P01', 'relation does not exist'),
      new Error('boom'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(e))).toBe(false);
    }
  });
});
