// Routes of templates under /api/v1/template: the starters in the caller's
// language, system and space templates, 'new from template' and its pending creations.
import {
  fillPageRequestSchema,
  idParamsSchema,
  pageRevisionSchema,
  saveTemplateRequestSchema,
  starterParamsSchema,
  templateCreationSchema,
  templateDetailSchema,
  templateListQuerySchema,
  templateListSchema,
  updateTemplateRequestSchema,
  useTemplateRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as templates from './template.service.js';

const tags = ['template'];

export function registerTemplateRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  // --- starters ------------------------------------------------------------------------------

  app.get(
    '/api/v1/template/starter',
    { schema: { tags, response: okResponse(templateListSchema) } },
    async (request) => ok(templates.starterList(requestLocale(request))),
  );

  app.get(
    '/api/v1/template/starter/:key',
    { schema: { tags, params: starterParamsSchema, response: okResponse(templateDetailSchema) } },
    async (request) => ok(templates.starterDetail(requestLocale(request), request.params.key)),
  );

  app.post(
    '/api/v1/template/starter/:key/use',
    {
      schema: {
        tags,
        params: starterParamsSchema,
        body: useTemplateRequestSchema,
        response: okResponse(templateCreationSchema),
      },
    },
    async (request) =>
      ok(
        await templates.useStarter(
          db,
          me(request),
          requestLocale(request),
          request.params.key,
          request.body,
        ),
      ),
  );

  app.post(
    '/api/v1/template/starter/:key/fill',
    {
      schema: {
        tags,
        params: starterParamsSchema,
        body: fillPageRequestSchema,
        response: okResponse(pageRevisionSchema),
      },
    },
    async (request) =>
      ok(
        await templates.fillFromStarter(
          db,
          me(request),
          requestLocale(request),
          request.params.key,
          request.body,
        ),
      ),
  );

  // --- creations -----------------------------------------------------------------------------

  app.get(
    '/api/v1/template/creation/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(templateCreationSchema) } },
    async (request) => ok(await templates.creationOf(db, me(request), request.params.id)),
  );

  // --- system and space templates ------------------------------------------------------------

  app.get(
    '/api/v1/template',
    {
      schema: {
        tags,
        querystring: templateListQuerySchema,
        response: okResponse(templateListSchema),
      },
    },
    async (request) => ok(await templates.listTemplates(db, me(request), request.query)),
  );

  app.post(
    '/api/v1/template',
    {
      schema: { tags, body: saveTemplateRequestSchema, response: okResponse(templateDetailSchema) },
    },
    async (request) => ok(await templates.saveTemplate(db, me(request), request.body)),
  );

  app.get(
    '/api/v1/template/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(templateDetailSchema) } },
    async (request) => ok(await templates.templateDetail(db, me(request), request.params.id)),
  );

  app.put(
    '/api/v1/template/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateTemplateRequestSchema,
        response: okResponse(templateDetailSchema),
      },
    },
    async (request) =>
      ok(await templates.updateTemplate(db, me(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/v1/template/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await templates.deleteTemplate(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/v1/template/:id/use',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: useTemplateRequestSchema,
        response: okResponse(templateCreationSchema),
      },
    },
    async (request) =>
      ok(await templates.useTemplate(db, me(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v1/template/:id/fill',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: fillPageRequestSchema,
        response: okResponse(pageRevisionSchema),
      },
    },
    async (request) =>
      ok(await templates.fillFromTemplate(db, me(request), request.params.id, request.body)),
  );
}
