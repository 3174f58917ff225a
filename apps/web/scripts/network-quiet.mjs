// Playwright's 'networkidle' (no request for 500 ms) never comes on a logged-in page: the inbox's
// event stream stays open for as long as the page does. These wait for the same quiet, leaving
// out requests for event streams.

const pages = new WeakMap();

/** Starts counting the page's requests in flight; call before it navigates. */
export function trackNetwork(page) {
  const state = { inFlight: new Set(), changedAt: Date.now() };
  const streams = (request) => (request.headers().accept ?? '').includes('text/event-stream');
  page.on('request', (request) => {
    if (streams(request)) return;
    state.inFlight.add(request);
    state.changedAt = Date.now();
  });
  const settle = (request) => {
    if (state.inFlight.delete(request)) state.changedAt = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  pages.set(page, state);
}

/** Waits until no request but an event stream has been in flight for 500 ms. */
export async function networkQuiet(page, timeoutMs = 30_000) {
  const state = pages.get(page);
  if (!state) throw new Error('networkQuiet: trackNetwork(page) was not called');
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight.size > 0 || Date.now() - state.changedAt < 500) {
    if (Date.now() > deadline) throw new Error(`the network did not go quiet in ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}
