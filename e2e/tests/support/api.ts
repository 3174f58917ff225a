import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** Calls the API as the user logged in on `page` (token from localStorage); expects code 0. */
export async function apiAs<T>(
  page: Page,
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}
