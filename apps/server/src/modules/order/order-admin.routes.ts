// The administrators' goods and orders under /api/system/v1 (the /sys orders screen); the
// resource each call needs is order.policy.ts's.
import type { FastifyRequest } from 'fastify';
import {
  adminGoodsListResponseSchema,
  adminGoodsSchema,
  adminOrderDetailSchema,
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  closeRefundRequestSchema,
  goodsRequestSchema,
  idParamsSchema,
  refundOrderRequestSchema,
} from '@library/contract';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { binaryResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import { sendFile } from '../../http/send-file.js';
import { resourceHolder } from '../admin/index.js';
import * as goods from './goods.service.js';
import * as admin from './order-admin.service.js';
import { orderAdminResource, type OrderAdminAction } from './order.policy.js';
import type { OrderDeps } from './payment.service.js';

const tags = ['system'];

export function registerOrderAdminRoutes(app: App, deps: OrderDeps) {
  const { db } = deps;
  const holder = resourceHolder(db);
  /** Refuses (403 + 700007) a caller not holding the resource `action` needs. */
  const administrator = (request: FastifyRequest, action: OrderAdminAction) =>
    holder(request, orderAdminResource[action]);
  /** The administrator, refused as above, with their request's address for the audit log. */
  const actor = async (request: FastifyRequest, action: OrderAdminAction) => ({
    id: await administrator(request, action),
    address: request.ip,
  });

  // ---- goods ----
  app.get(
    '/api/system/v1/goods',
    { schema: { tags, response: okResponse(adminGoodsListResponseSchema) } },
    async (request) => {
      await administrator(request, 'listGoods');
      return ok(await goods.listGoodsForAdmin(db));
    },
  );

  app.post(
    '/api/system/v1/goods',
    { schema: { tags, body: goodsRequestSchema, response: okResponse(adminGoodsSchema) } },
    async (request) => {
      return ok(await goods.createGoods(db, await actor(request, 'editGoods'), request.body));
    },
  );

  app.put(
    '/api/system/v1/goods/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: goodsRequestSchema,
        response: okResponse(adminGoodsSchema),
      },
    },
    async (request) => {
      const by = await actor(request, 'editGoods');
      return ok(await goods.updateGoods(db, by, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/system/v1/goods/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await goods.deleteGoods(db, await actor(request, 'editGoods'), request.params.id);
      return ok(null);
    },
  );

  // ---- orders ----
  app.get(
    '/api/system/v1/order',
    {
      schema: {
        tags,
        querystring: adminOrderListQuerySchema,
        response: okResponse(adminOrderListResponseSchema),
      },
    },
    async (request) => {
      await administrator(request, 'listOrders');
      return ok(await admin.listOrders(deps, request.query));
    },
  );

  app.get(
    '/api/system/v1/order/export',
    {
      schema: {
        tags,
        querystring: adminOrderExportQuerySchema,
        response: binaryResponse('The matching orders as CSV (UTF-8 with BOM)', [
          'text/csv; charset=utf-8',
        ]),
      },
    },
    async (request, reply) => {
      await administrator(request, 'exportOrders');
      const csv = await admin.exportCsv(deps, request.query);
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return sendFile(
        reply,
        { name: `orders-${day}.csv`, mimeType: 'text/csv', body: csv },
        { disposition: 'attachment' },
      );
    },
  );

  app.get(
    '/api/system/v1/order/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(adminOrderDetailSchema) } },
    async (request) => {
      await administrator(request, 'readOrder');
      return ok(await admin.getOrder(deps, request.params.id));
    },
  );

  app.post(
    '/api/system/v1/order/:id/refund',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: refundOrderRequestSchema,
        response: okResponse(adminOrderDetailSchema),
      },
    },
    async (request) => {
      const by = await actor(request, 'refund');
      return ok(await admin.refundOrder(deps, by, request.params.id, request.body.reason));
    },
  );

  app.post(
    '/api/system/v1/order/:id/refund/close',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: closeRefundRequestSchema,
        response: okResponse(adminOrderDetailSchema),
      },
    },
    async (request) => {
      const by = await actor(request, 'closeRefund');
      return ok(await admin.closeRefund(deps, by, request.params.id, request.body.reason));
    },
  );
}
