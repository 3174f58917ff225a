// The buyer's calls: the price list, placing, reading, cancelling and refunding orders,
// and the sandbox's one-click payment. The checkout polls GET /api/v1/order/{id} for the live
// state.
import {
  createOrderRequestSchema,
  goodsListResponseSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  refundOrderRequestSchema,
} from '@library/contract';
import { ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import { priceList } from './goods.service.js';
import * as orders from './order.service.js';
import type { OrderDeps } from './payment.service.js';

const tags = ['order'];

export function registerOrderRoutes(app: App, deps: OrderDeps) {
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/goods',
    { schema: { tags, response: okResponse(goodsListResponseSchema) } },
    async (request) => ok(await priceList(deps.db, deps.providers, requestLocale(request))),
  );

  app.post(
    '/api/v1/order',
    { schema: { tags, body: createOrderRequestSchema, response: okResponse(orderSchema) } },
    async (request) =>
      ok(await orders.createOrder(deps, me(request), requestLocale(request), request.body)),
  );

  app.get(
    '/api/v1/order',
    {
      schema: {
        tags,
        querystring: orderListQuerySchema,
        response: okResponse(orderListResponseSchema),
      },
    },
    async (request) => ok(await orders.listOrders(deps, me(request), request.query)),
  );

  app.get(
    '/api/v1/order/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(orderSchema) } },
    async (request) => ok(await orders.getOrder(deps, me(request), request.params.id)),
  );

  app.post(
    '/api/v1/order/:id/cancel',
    { schema: { tags, params: idParamsSchema, response: okResponse(orderSchema) } },
    async (request) => ok(await orders.cancelOrder(deps, me(request), request.params.id)),
  );

  app.post(
    '/api/v1/order/:id/sandboxPay',
    { schema: { tags, params: idParamsSchema, response: okResponse(orderSchema) } },
    async (request) => ok(await orders.sandboxPay(deps, me(request), request.params.id)),
  );

  app.post(
    '/api/v1/order/:id/refund',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: refundOrderRequestSchema,
        response: okResponse(orderSchema),
      },
    },
    async (request) =>
      ok(await orders.requestRefund(deps, me(request), request.params.id, request.body.reason)),
  );
}
