import {
  createNoteRequestSchema,
  noteIdParamsSchema,
  noteListQuerySchema,
  noteListSchema,
  noteSchema,
  noteToPageRequestSchema,
  noteToPageResultSchema,
  updateNoteRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import { presentNote } from './note.presenter.js';
import * as notes from './note.service.js';

const tags = ['note'];

export function registerNoteRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/note',
    { schema: { tags, querystring: noteListQuerySchema, response: okResponse(noteListSchema) } },
    async (request) => ok(await notes.listNotes(db, me(request), request.query)),
  );

  app.post(
    '/api/v1/note',
    { schema: { tags, body: createNoteRequestSchema, response: okResponse(noteSchema) } },
    async (request) => ok(presentNote(await notes.createNote(db, me(request), request.body))),
  );

  app.get(
    '/api/v1/note/:id',
    { schema: { tags, params: noteIdParamsSchema, response: okResponse(noteSchema) } },
    async (request) => ok(presentNote(await notes.getNote(db, me(request), request.params.id))),
  );

  app.put(
    '/api/v1/note/:id',
    {
      schema: {
        tags,
        params: noteIdParamsSchema,
        body: updateNoteRequestSchema,
        response: okResponse(noteSchema),
      },
    },
    async (request) =>
      ok(presentNote(await notes.updateNote(db, me(request), request.params.id, request.body))),
  );

  app.delete(
    '/api/v1/note/:id',
    { schema: { tags, params: noteIdParamsSchema, response: emptyResponse } },
    async (request) => {
      await notes.deleteNote(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/v1/note/:id/toPage',
    {
      schema: {
        tags,
        params: noteIdParamsSchema,
        body: noteToPageRequestSchema,
        response: okResponse(noteToPageResultSchema),
      },
    },
    async (request) => ok(await notes.noteToPage(db, me(request), request.params.id, request.body)),
  );
}
