import { spaceGroupListSchema, type SpaceGroup } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/session.service.js';
import { listGroupsWithSpaces } from './space-group.repo.js';

export function registerSpaceGroupRoutes(app: App, deps: { db: Database }) {
  app.get(
    '/api/v3/space/group',
    { schema: { tags: ['space'], response: okResponse(spaceGroupListSchema) } },
    async (request) => {
      const rows = await listGroupsWithSpaces(deps.db, currentSession(request).userId);
      const groups = new Map<string, SpaceGroup>();
      for (const row of rows) {
        let group = groups.get(row.groupId);
        if (!group) {
          group = { groupId: row.groupId, groupName: row.groupName, spaceList: [] };
          groups.set(row.groupId, group);
        }
        if (row.spaceId && row.spaceName !== null) {
          group.spaceList.push({
            spaceId: row.spaceId,
            name: row.spaceName,
            icon: row.icon,
            description: row.description ?? '',
          });
        }
      }
      return ok([...groups.values()]);
    },
  );
}
