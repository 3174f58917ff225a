function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error; current && typeof current === 'object';) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** True when a database error (possibly wrapped by Drizzle) is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

/** SQLSTATEs of a server that is away: connection exceptions (class 08), shutting down or
 *  starting up (57P01–57P03), no connection slot left (53300). */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a server that cannot be reached. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres raises these without a code, so for them the message is all there is.
const driverMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Connection ended unexpectedly/,
];

/**
 * True when a database error (possibly wrapped by Drizzle) says the database cannot be reached
 * now — refused, terminated, shutting down, or no pooled connection in time — rather than that
 * the query was wrong. Such a request may succeed later: the API answers 503 + Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (unavailableStates.has(code) || unreachableCodes.has(code)) return true;
    }
    if (typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message))) {
      return true;
    }
    pending.push(cause);
    // a refused connection to a host with several addresses comes as an AggregateError
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
