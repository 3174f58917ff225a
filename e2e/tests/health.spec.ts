import { expect, test } from './support/fixtures';

test('the server answers health and serves the web app with cache headers', async ({
  request,
  page,
}) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect((await health.json()).data.status).toBe('ok');

  const response = await page.goto('/home');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  const asset = await page.evaluate(
    () => (document.querySelector('script[type=module]') as HTMLScriptElement | null)?.src ?? '',
  );
  const assetResponse = await request.get(asset);
  expect(assetResponse.headers()['cache-control']).toContain('immutable');

  const unknown = await request.get('/api/no/such/route');
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).code).toBe(100007);
});
