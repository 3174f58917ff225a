// The OpenAPI document at /api/docs is one a client generator can use: uploads,
// the answer stream and downloads have their real bodies, every operation has a unique
// operationId, a summary and the shared 4xx answer, and every $ref resolves.
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { binaryResponse, openApiOptions, operationIdOf } from './openapi.js';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Json & { content?: Record<string, { schema: Json }> }>;
};
type Document = Json & {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
};

const methods = ['get', 'put', 'post', 'delete', 'patch'];
function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}
function operation(doc: Document, method: string, path: string): Operation {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no ${method} ${path} in the document`);
  return op;
}

/** Every `$ref` of the document with the place it was found. */
function refs(value: unknown, at = '#', out: Array<{ ref: string; at: string }> = []) {
  if (Array.isArray(value)) value.forEach((item, i) => refs(item, `${at}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push({ ref: child, at });
      else refs(child, `${at}/${key}`, out);
    }
  }
  return out;
}
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      doc,
    );
}

describe('the OpenAPI document of the app', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = t.app.swagger() as unknown as Document;
  });
  afterAll(() => t.close());

  it('is served at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(doc);
  });

  it('documents the multipart body of every upload: one binary part named file', () => {
    for (const path of [
      '/api/v3/space/{spaceId}/file',
      '/api/v1/user/avatar',
      '/api/v2/space/{id}/icon',
    ]) {
      const body = operation(doc, 'post', path).requestBody;
      expect(body?.required, path).toBe(true);
      expect(body?.content['multipart/form-data']?.schema, path).toMatchObject({
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      });
    }
  });

  it('documents the answer stream as text/event-stream events of envelopes', () => {
    const op = operation(doc, 'post', '/api/v1/ai/chat/{chatId}/converse/stream');
    expect(op.requestBody?.content['application/json']?.schema).toMatchObject({
      required: ['sessionId', 'question'],
    });
    const event = op.responses['200']?.content?.['text/event-stream']?.schema;
    expect(event).toMatchObject({
      type: 'object',
      required: ['code', 'data', 'msg'],
      properties: { data: { anyOf: expect.any(Array) } },
    });
  });

  it('documents downloads, previews and images as bytes, ranges where they are served', () => {
    const bytes = { schema: { type: 'string', format: 'binary' } };
    for (const path of ['/api/v3/space/file/{id}/download', '/preview/{id}']) {
      const { responses } = operation(doc, 'get', path);
      expect(responses['200']?.content, path).toEqual({ '*/*': bytes });
      expect(responses['206']?.content, path).toEqual({ '*/*': bytes });
    }
    for (const path of ['/api/v1/user/avatar/{userId}', '/api/v2/space/{id}/icon']) {
      const content = operation(doc, 'get', path).responses['200']?.content;
      expect(Object.keys(content ?? {}), path).toEqual([
        'image/png',
        'image/jpeg',
        'image/gif',
        'image/webp',
      ]);
      expect(content?.['image/png'], path).toEqual(bytes);
    }
  });

  it('gives every operation a unique operationId and a summary', () => {
    const all = operations(doc);
    expect(all.length).toBeGreaterThan(90);
    const ids = all.map(({ op }) => op.operationId);
    for (const { name, op } of all) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.summary, name).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation(doc, 'get', '/api/v3/space/{spaceId}/file')).toMatchObject({
      operationId: 'getV3SpaceBySpaceIdFile',
      summary: "A space's files",
    });
  });

  it('describes the error envelope as every operation’s 4xx answer', () => {
    for (const { name, op } of operations(doc)) {
      expect(op.responses['4XX'], name).toEqual({ $ref: '#/components/responses/Error' });
    }
    expect(resolvePointer(doc, '#/components/responses/Error')).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
    expect(resolvePointer(doc, '#/components/schemas/ErrorEnvelope')).toMatchObject({
      type: 'object',
      required: ['code', 'data', 'msg'],
    });
  });

  it('has no $ref that does not resolve, the recursive schemas named components', () => {
    const all = refs(doc);
    const unresolved = all.filter(({ ref }) => resolvePointer(doc, ref) === undefined);
    expect(unresolved).toEqual([]);
    const tree = operation(doc, 'get', '/api/v2/space/{id}/tree').responses['200']?.content;
    expect(JSON.stringify(tree)).toContain('#/components/schemas/TreeNode');
    expect(resolvePointer(doc, '#/components/schemas/TreeTopic')).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/TreeNode' } } },
    });
    expect(resolvePointer(doc, '#/components/schemas/PageComment')).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/PageComment' } } },
    });
    // each component is used (the registry's unused input twins are left out)
    const used = new Set(all.map(({ ref }) => ref));
    const components = (doc.components as { schemas: Json }).schemas;
    for (const name of Object.keys(components)) {
      expect(used.has(`#/components/schemas/${name}`), name).toBe(true);
    }
  });

  it('names the server and which operations need no token or take one when sent', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'this server' }]);
    expect(operation(doc, 'post', '/api/v1/user/login').security).toEqual([]);
    expect(operation(doc, 'get', '/preview/{id}').security).toEqual([]);
    expect(operation(doc, 'get', '/api/v2/space/{id}').security).toEqual([{}, { bearer: [] }]);
    // the others inherit the document's bearer requirement
    expect(operation(doc, 'put', '/api/v2/space/{id}').security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('never has nullable without a type (OpenAPI 3.0 would ignore it)', () => {
    const offenders: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}/${i}`));
      else if (value && typeof value === 'object') {
        const node = value as Json;
        if (node.nullable === true && !('type' in node)) offenders.push(at);
        for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(offenders).toEqual([]);
  });
});

describe('a route added later', () => {
  it('gets its operationId, a summary, the 4xx answer and its upload body by itself', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, openApiOptions('0.0.0'));
    app.post(
      '/api/system/v1/things/:thingId/picture',
      {
        schema: {
          consumes: ['multipart/form-data'],
          params: z.object({ thingId: z.string() }),
          response: binaryResponse('the picture', ['image/png']),
        },
      },
      async () => null,
    );
    app.get(
      '/api/system/v1/things',
      { config: { auth: 'optional' }, schema: { summary: 'Things' } },
      async () => null,
    );
    await app.ready();
    const doc = app.swagger() as unknown as Document;
    await app.close();
    expect(operation(doc, 'post', '/api/system/v1/things/{thingId}/picture')).toMatchObject({
      operationId: 'postSystemV1ThingsByThingIdPicture',
      summary: 'POST /api/system/v1/things/{thingId}/picture',
      requestBody: { content: { 'multipart/form-data': { schema: { required: ['file'] } } } },
      responses: { '4XX': { $ref: '#/components/responses/Error' } },
    });
    expect(operation(doc, 'get', '/api/system/v1/things')).toMatchObject({
      operationId: 'getSystemV1Things',
      summary: 'Things',
      security: [{}, { bearer: [] }],
    });
    expect(refs(doc).filter(({ ref }) => resolvePointer(doc, ref) === undefined)).toEqual([]);
  });

  it('derives operationIds from the method and every path segment', () => {
    expect(operationIdOf('get', '/api/health')).toBe('getHealth');
    expect(operationIdOf('delete', '/api/v1/history/{targetType}/{targetId}')).toBe(
      'deleteV1HistoryByTargetTypeByTargetId',
    );
    expect(operationIdOf('get', '/preview/{id}')).toBe('getPreviewById');
    expect(operationIdOf('post', '/api/v1/some-thing/x_y')).toBe('postV1SomeThingXY');
  });
});
