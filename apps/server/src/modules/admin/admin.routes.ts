// System administration under /api/system/v1 (spec §2 /sys-manage): users, their state, roles,
// feature switches and quotas; roles and resources. Each call needs its resource (ADMIN holds
// them all; admin.policy.ts).
import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserSchema,
  approvalRequestSchema,
  createRoleRequestSchema,
  createUserRequestSchema,
  resetPasswordRequestSchema,
  roleParamsSchema,
  setAccountStateRequestSchema,
  setUserPermissionRequestSchema,
  setUserQuotaRequestSchema,
  setUserRolesRequestSchema,
  systemResourceListResponseSchema,
  systemRoleListResponseSchema,
  systemRoleSchema,
  updateRoleRequestSchema,
  userIdParamsSchema,
  userPermissionResponseSchema,
  userQuotaResponseSchema,
  type Quotas,
  type SystemResource,
} from '@library/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import * as admin from './admin-user.service.js';
import { resourceHolder } from './resource-holder.js';
import * as roles from './role.service.js';

const tags = ['system'];

export function registerAdminRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db } = deps;
  /** The caller, once they hold `resource` (403 + 700007 otherwise). */
  const holder = resourceHolder(db);
  /** The caller as the audit log names them, once they hold `resource`. */
  const actorHolding = async (request: FastifyRequest, resource: SystemResource) => ({
    id: await holder(request, resource),
    address: request.ip,
  });

  // ---- users ----
  app.get(
    '/api/system/v1/users',
    {
      schema: {
        tags,
        querystring: adminUserListQuerySchema,
        response: okResponse(adminUserListResponseSchema),
      },
    },
    async (request) => {
      await holder(request, 'users:read');
      return ok(await admin.listUsers(db, request.query));
    },
  );

  app.post(
    '/api/system/v1/users',
    { schema: { tags, body: createUserRequestSchema, response: okResponse(adminUserSchema) } },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      return ok(await admin.createAccount(db, actor, request.body));
    },
  );

  app.put(
    '/api/system/v1/users/:id/state',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: setAccountStateRequestSchema,
        response: okResponse(adminUserSchema),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      return ok(await admin.setState(db, actor, request.params.id, request.body.state));
    },
  );

  app.put(
    '/api/system/v1/users/:id/approval',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: approvalRequestSchema,
        response: okResponse(adminUserSchema.nullable()),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      return ok(
        await admin.decideRegistration(db, actor, request.params.id, request.body.approved),
      );
    },
  );

  app.put(
    '/api/system/v1/users/:id/role',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: setUserRolesRequestSchema,
        response: okResponse(adminUserSchema),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'roles:write');
      return ok(await admin.setRoles(db, actor, request.params.id, request.body.roles));
    },
  );

  app.put(
    '/api/system/v1/users/:id/password',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: resetPasswordRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      await admin.resetPassword(db, actor, request.params.id, request.body.password);
      return ok(null);
    },
  );

  app.get(
    '/api/system/v1/users/:id/permission',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        response: okResponse(userPermissionResponseSchema),
      },
    },
    async (request) => {
      await holder(request, 'users:read');
      return ok(await admin.userPermission(db, request.params.id));
    },
  );

  app.put(
    '/api/system/v1/users/:id/permission',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: setUserPermissionRequestSchema,
        response: okResponse(userPermissionResponseSchema),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      return ok(
        await admin.setUserPermission(db, actor, request.params.id, request.body.overrides),
      );
    },
  );

  app.get(
    '/api/system/v1/users/:id/quota',
    { schema: { tags, params: userIdParamsSchema, response: okResponse(userQuotaResponseSchema) } },
    async (request) => {
      await holder(request, 'users:read');
      return ok(await admin.userQuota(db, request.params.id, deps.quotas));
    },
  );

  app.put(
    '/api/system/v1/users/:id/quota',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: setUserQuotaRequestSchema,
        response: okResponse(userQuotaResponseSchema),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'users:write');
      return ok(
        await admin.setUserQuota(db, actor, request.params.id, request.body.overrides, deps.quotas),
      );
    },
  );

  // ---- roles and resources ----
  app.get(
    '/api/system/v1/roles',
    { schema: { tags, response: okResponse(systemRoleListResponseSchema) } },
    async (request) => {
      await holder(request, 'users:read');
      return ok({ list: await roles.listRoles(db) });
    },
  );

  app.post(
    '/api/system/v1/roles',
    { schema: { tags, body: createRoleRequestSchema, response: okResponse(systemRoleSchema) } },
    async (request) => {
      const actor = await actorHolding(request, 'roles:write');
      return ok(await roles.createRole(db, actor, request.body));
    },
  );

  app.put(
    '/api/system/v1/roles/:name',
    {
      schema: {
        tags,
        params: roleParamsSchema,
        body: updateRoleRequestSchema,
        response: okResponse(systemRoleSchema),
      },
    },
    async (request) => {
      const actor = await actorHolding(request, 'roles:write');
      return ok(await roles.updateRole(db, actor, request.params.name, request.body));
    },
  );

  app.delete(
    '/api/system/v1/roles/:name',
    { schema: { tags, params: roleParamsSchema, response: emptyResponse } },
    async (request) => {
      const actor = await actorHolding(request, 'roles:write');
      await roles.deleteRole(db, actor, request.params.name);
      return ok(null);
    },
  );

  app.get(
    '/api/system/v1/resources',
    { schema: { tags, response: okResponse(systemResourceListResponseSchema) } },
    async (request) => {
      await holder(request, 'users:read');
      return ok(roles.listResources());
    },
  );
}
