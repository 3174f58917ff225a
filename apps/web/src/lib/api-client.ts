// The one HTTP client of the app, spec §8 to the letter:
// - base /api, cookies sent, `Authorization: Bearer` when logged in, `locale` header, JSON, 6 s
//   timeout (AbortController);
// - a body whose `code` is not 0 is a failure with that code and its msg (trimmed after 'msg:');
//   a code the catalogue does not know gives the generic request-failed message instead;
//   otherwise a non-2xx status fails with the status text; anything else (network failure,
//   timeout) falls back to code 500 'request failed, please retry';
// - token expired (100003) or access token invalid (100008), or a 401 without an app code, logs
//   out and opens the login dialog unless the call is `silent`; any other failure (a 401 with
//   another app code too, e.g. 710001 'share needs a password') shows an error toast with a
//   close button (also suppressed by `silent`);
// - cancelled or aborted calls are ignored: no toast, rejected with a RequestCancelledError.
// The session, locale and toast are injected (configureApiClient) so this file stays testable.
import {
  ErrorCode,
  defaultLocale,
  errorCatalogue,
  errorMessage,
  httpStatusMessage,
  limits,
  requestFailedMessage,
  type Envelope,
  type Locale,
} from '@library/contract';

export const apiBase = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** query string parameters; undefined values are left out */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body, or FormData for uploads */
  body?: unknown;
  signal?: AbortSignal;
  /** no logout on 401 and no error toast: the caller handles the failure itself */
  silent?: boolean;
  timeoutMs?: number;
  /** extra request headers (e.g. a share's grant) */
  headers?: Record<string, string>;
}

/**
 * Where a failure's code comes from: the body's app code, the HTTP status, or the code 500
 * fallback of a call that got no answer (network failure, timeout).
 */
export type ApiErrorSource = 'app' | 'http' | 'network';

/** A failed call: `code` is the app code of the catalogue or the HTTP status. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number | null;
  readonly source: ApiErrorSource;

  constructor(code: number, message: string, status: number | null, source: ApiErrorSource) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.source = source;
  }
}

/** A call the user or the app cancelled; never shown to the user. */
export class RequestCancelledError extends Error {
  constructor() {
    super('request cancelled');
    this.name = 'RequestCancelledError';
  }
}

export function isRequestCancelled(error: unknown): error is RequestCancelledError {
  return error instanceof RequestCancelledError;
}

export interface ApiClientHooks {
  getToken: () => string | null;
  getLocale: () => Locale;
  /** the session ended on the server: log out and open the login dialog */
  onUnauthorized: () => void;
  /** show an error toast with a close button (the error tells its code, e.g. a quota's 7001xx) */
  onError: (message: string, error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

const defaultHooks: ApiClientHooks = {
  getToken: () => null,
  getLocale: () => defaultLocale,
  onUnauthorized: () => undefined,
  onError: () => undefined,
};

let hooks: ApiClientHooks = defaultHooks;

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export function resetApiClient(): void {
  hooks = defaultHooks;
}

/**
 * The fetch this client sends with (a test's stand-in, else the browser's), for the few calls
 * that read a response as it streams and so cannot go through `request`.
 */
export function clientFetch(input: string, init: RequestInit): Promise<Response> {
  return (hooks.fetch ?? globalThis.fetch)(input, init);
}

const unauthorizedCodes: ReadonlySet<number> = new Set([
  ErrorCode.tokenExpired,
  ErrorCode.accessTokenInvalid,
]);

/** 'Invalid parameter msg: nickname too long' → 'nickname too long' */
export function trimServerMessage(message: string): string {
  const marker = message.indexOf('msg:');
  return marker >= 0 ? message.slice(marker + 'msg:'.length).trim() : message.trim();
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const url = clean.startsWith(`${apiBase}/`) ? clean : `${apiBase}${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** A response body as JSON, or null when it is empty or not JSON. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The message for a failed app code: the server's msg (after 'msg:') or the catalogue's text for
 * a known code; the generic request-failed message for a code the catalogue does not know.
 */
function appCodeMessage(code: number, msg: unknown, locale: Locale): string {
  if (!(code in errorCatalogue)) return requestFailedMessage[locale];
  const message = trimServerMessage(typeof msg === 'string' ? msg : '');
  return message || errorMessage(code, locale);
}

/** Maps a finished response (status and parsed body) to its data or the ApiError of spec §8. */
export function interpretResponse<T>(status: number, body: unknown, locale: Locale): T {
  if (isEnvelope(body) && body.code !== ErrorCode.success) {
    const message = appCodeMessage(body.code, body.msg, locale);
    throw new ApiError(body.code, message, status, 'app');
  }
  if (status < 200 || status >= 300) {
    throw new ApiError(status, httpStatusMessage(status, locale), status, 'http');
  }
  if (isEnvelope(body)) return body.data as T;
  return body as T;
}

/** The session is over: a token app code, or a 401 that carries no app code of its own. */
export function isSessionExpired(error: ApiError): boolean {
  if (error.source === 'app') return unauthorizedCodes.has(error.code);
  return error.status === 401;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, silent = false } = options;
  const timeoutMs = options.timeoutMs ?? limits.apiTimeoutMs;
  const locale = hooks.getLocale();
  const token = hooks.getToken();

  const headers = new Headers({ Accept: 'application/json', locale });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const handleCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', handleCallerAbort, { once: true });

  try {
    const doFetch = hooks.fetch ?? globalThis.fetch;
    const response = await doFetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
    });
    const parsed = parseBody(await response.text());
    return interpretResponse<T>(response.status, parsed, locale);
  } catch (caught) {
    const error = normalise(caught, { timedOut, aborted: controller.signal.aborted, locale });
    if (error instanceof ApiError) report(error, silent);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', handleCallerAbort);
  }
}

function normalise(
  caught: unknown,
  state: { timedOut: boolean; aborted: boolean; locale: Locale },
): ApiError | RequestCancelledError {
  if (caught instanceof ApiError) return caught;
  // A timeout is a failure like a lost connection: spec §8's fallback, code 500.
  if (state.timedOut) return new ApiError(500, requestFailedMessage[state.locale], null, 'network');
  if (state.aborted || (caught instanceof DOMException && caught.name === 'AbortError')) {
    return new RequestCancelledError();
  }
  return new ApiError(500, requestFailedMessage[state.locale], null, 'network');
}

function report(error: ApiError, silent: boolean): void {
  if (silent) return;
  if (isSessionExpired(error)) hooks.onUnauthorized();
  else hooks.onError(error.message, error);
}

/**
 * Reports a failure of a call made outside this client (uploads, downloads) exactly as its own
 * are reported: logout and the login dialog, or the error toast. Cancelled calls say nothing.
 */
export function reportApiError(error: unknown): void {
  if (error instanceof ApiError) report(error, false);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
