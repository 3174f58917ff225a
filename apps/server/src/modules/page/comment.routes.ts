// Page comments: list threads, add or reply, edit own, delete (own, or any as a space admin).
import {
  commentListQuerySchema,
  commentListSchema,
  commentSchema,
  createCommentRequestSchema,
  idParamsSchema,
  updateCommentRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import * as comments from './comment.service.js';

const tags = ['comment'];

export function registerCommentRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v2/space/page/:id/comment',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: commentListQuerySchema,
        response: okResponse(commentListSchema),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await comments.listComments(db, callerId(request), request.params.id, page, pageSize),
      );
    },
  );

  app.post(
    '/api/v2/space/page/:id/comment',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createCommentRequestSchema,
        response: okResponse(commentSchema),
      },
    },
    async (request) =>
      ok(await comments.createComment(db, me(request), request.params.id, request.body)),
  );

  app.put(
    '/api/v2/space/comment/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCommentRequestSchema,
        response: okResponse(commentSchema),
      },
    },
    async (request) =>
      ok(await comments.updateComment(db, me(request), request.params.id, request.body.content)),
  );

  app.delete(
    '/api/v2/space/comment/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await comments.deleteComment(db, me(request), request.params.id);
      return ok(null);
    },
  );
}
