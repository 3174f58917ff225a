import { api } from '../../../lib/api-client';

/** `POST /api/v1/history`: the page was opened (the history list shows it). */
export function recordPageVisit(pageId: string): Promise<unknown> {
  return api.post<unknown>(
    '/v1/history',
    { targetType: 'page', targetId: pageId },
    { silent: true },
  );
}
