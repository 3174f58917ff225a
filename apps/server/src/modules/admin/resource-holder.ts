// The caller of an administration route, once they hold the resource the route needs: the one
// check at the top of every `/api/system/v1/…` handler (403 + 700007 otherwise).
import type { FastifyRequest } from 'fastify';
import type { SystemResource } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { currentSession } from '../session/index.js';
import { requireResource } from './admin.policy.js';

export function resourceHolder(db: Executor) {
  return async (request: FastifyRequest, resource: SystemResource) => {
    const { userId } = currentSession(request);
    await requireResource(db, userId, resource);
    return userId;
  };
}
