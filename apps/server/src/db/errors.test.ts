import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';

/** As Drizzle hands a driver's error on: wrapped, the original as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('tell an unreachable database from a wrong query', () => {
    // refused: one address, or several (localhost → ::1 and 127.0.0.1) as an AggregateError
    expect(
      isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(
          Object.assign(new AggregateError([withCode('refused', 'ECONNREFUSED')]), {
            code: undefined,
          }),
        ),
      ),
    ).toBe(true);
    // the server ends the connection: stopping (57P01), starting (57P03), connection failure (08006)
    expect(isDatabaseUnavailable(wrapped(withCode('terminating connection', '57P01')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(withCode('the database system is starting up', '57P03'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('too many clients already', '53300'))).toBe(true);
    // node-postgres's own, without a code: a broken connection, no pooled connection in time
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);

    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('syntax error at or near', '42601')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isUniqueViolation(wrapped(withCode('duplicate key', '23505')))).toBe(true);
  });

  it('survive an error that is its own cause', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
