// The feature switches and the goods check read their answers by hand (no zod on a member's first
// load): what the contract's schemas accepted they accept, and a malformed answer is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { featureNames } from '@library/contract';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { getGoodsForSale } from '../lib/get-goods-for-sale';
import { createFakeServer } from '../test/fake-server';
import { getMyPermission } from './use-feature';

function answering(routes: Record<string, unknown>) {
  configureApiClient({ fetch: createFakeServer(routes).fetch, getToken: () => 'tok' });
}

const allOn = Object.fromEntries(featureNames.map((name) => [name, true]));

describe('answers read without zod', () => {
  afterEach(() => resetApiClient());

  it('keeps every switch of the permission answer and nothing else', async () => {
    answering({
      'GET /api/v1/user/permission': { features: { ...allOn, createSpace: false, extra: true } },
    });
    const switches = await getMyPermission();
    expect(Object.keys(switches).sort()).toEqual([...featureNames].sort());
    expect(switches.createSpace).toBe(false);
    expect(switches.account).toBe(true);
  });

  it('refuses a permission answer with a switch missing or not a boolean', async () => {
    answering({ 'GET /api/v1/user/permission': { features: { ...allOn, account: 'yes' } } });
    await expect(getMyPermission()).rejects.toThrow(/account/);
    answering({ 'GET /api/v1/user/permission': {} });
    await expect(getMyPermission()).rejects.toThrow();
  });

  it('finds goods for sale only when one is orderable', async () => {
    answering({ 'GET /api/v1/goods': { list: [{ orderable: false }, { orderable: true }] } });
    await expect(getGoodsForSale()).resolves.toBe(true);
    answering({ 'GET /api/v1/goods': { list: [{ orderable: false }] } });
    await expect(getGoodsForSale()).resolves.toBe(false);
    answering({ 'GET /api/v1/goods': { total: 0 } });
    await expect(getGoodsForSale()).rejects.toThrow(/list/);
  });
});
