import type { ErrorCodeValue } from '@library/contract';

/**
 * The one error services throw. The error handler turns it into the envelope
 * `{ code, data, msg }` with the catalogue's message in the caller's language and its HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly options: {
      /** appended to the catalogue message, e.g. the field that failed */
      detail?: string;
      data?: unknown;
      /** overrides the catalogue's HTTP status */
      status?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(`AppError ${code}${options.detail ? `: ${options.detail}` : ''}`);
    this.name = 'AppError';
  }
}
