// Opening the app on a page's address: the page and its blocks are asked for at start-up, beside
// the app's code and the session, instead of after the screen has mounted. The answers wait here
// for the page's queries: an answer that has already come is their initial data, so the screen's
// first render draws the page; one still on its way is what their query function waits for. The
// screen forgets them once it has mounted (a render React throws away may ask twice).
// An early request is silent: if it fails, the query asks again the ordinary way, so errors are
// reported (toast, login) exactly as before. An answer unused after a while, or fetched for
// another login, is dropped.
import { getToken } from '../../../stores/session-store';

const keepMs = 30_000;

interface Early {
  token: string | null;
  answer: Promise<unknown>;
  settled?: { value: unknown };
}

const early = new Map<string, Early>();

/** Asks now for what `key` will want; `fetch` must not report failures (silent). */
export function prefetchEarly(key: readonly unknown[], fetch: () => Promise<unknown>): void {
  const id = JSON.stringify(key);
  const entry: Early = { token: getToken(), answer: fetch() };
  entry.answer.then(
    (value) => (entry.settled = { value }),
    () => undefined, // no unhandled rejection while nobody is waiting for it yet
  );
  early.set(id, entry);
  setTimeout(() => {
    if (early.get(id) === entry) early.delete(id);
  }, keepMs);
}

function take(key: readonly unknown[]): Early | undefined {
  const id = JSON.stringify(key);
  const entry = early.get(id);
  if (!entry) return undefined;
  early.delete(id);
  return entry.token === getToken() ? entry : undefined;
}

/** The early answer for `key` if it has already come: a query's initial data. */
export function earlyData<T>(key: readonly unknown[]): T | undefined {
  const entry = early.get(JSON.stringify(key));
  if (!entry?.settled || entry.token !== getToken()) return undefined;
  return entry.settled.value as T;
}

/** The screen that wanted `key` is there: its early answer is not to be used again. */
export function forgetEarly(key: readonly unknown[]): void {
  early.delete(JSON.stringify(key));
}

/**
 * The early answer for `key` if there is one (taken once), else `fetch()`. A failed early answer
 * asks again through `fetch` unless `failAsIs` (a query that is silent anyway).
 */
export function takeEarly<T>(
  key: readonly unknown[],
  fetch: () => Promise<T>,
  options: { failAsIs?: boolean } = {},
): Promise<T> {
  const entry = take(key);
  if (!entry) return fetch();
  const answer = entry.answer as Promise<T>;
  return options.failAsIs ? answer : answer.catch(() => fetch());
}
