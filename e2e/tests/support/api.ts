import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, adminPassword } from './constants';
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

/** The administrator's token, by the password login call. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/user/login', {
    data: {
      account: adminAccount,
      password: adminPassword,
      client: { client: 'web', deviceId: crypto.randomUUID(), deviceName: 'e2e', version: '0.1' },
    },
  });
  const body = (await response.json()) as Envelope<{ token: string }>;
  expect(body.code, body.msg).toBe(0);
  return body.data.token;
}

/** Calls the administration with the administrator's token; expects code 0. */
export async function asAdmin<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}
