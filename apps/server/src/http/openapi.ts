// The OpenAPI document at /api/docs. Route schemas say what each route takes and
// answers; this module adds, once for every route (new ones too), what a client generator needs
// besides: an operationId from method and path, a summary, the shared 4xx error answer, the
// servers, which routes need no token, the multipart body of uploads, and named components for
// the recursive schemas (comments, the content tree) so their $refs resolve.
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import {
  commentSchema,
  envelopeSchema,
  fileUploadField,
  treeNodeSchema,
  templateNodeSchema,
  templateTopicSchema,
  treeTopicSchema,
} from '@library/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationSummaries } from './openapi-summaries.js';

// A recursive schema cannot be inlined: it is a component of its own, referenced by name.
z.globalRegistry.add(commentSchema, { id: 'PageComment' });
z.globalRegistry.add(treeNodeSchema, { id: 'TreeNode' });
z.globalRegistry.add(treeTopicSchema, { id: 'TreeTopic' });
z.globalRegistry.add(templateNodeSchema, { id: 'TemplateNode' });
z.globalRegistry.add(templateTopicSchema, { id: 'TemplateTopic' });

const errorEnvelopeSchema = envelopeSchema(
  z
    .object({
      issues: z
        .array(z.object({ field: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'validation failures (100002): each field and what is wrong' }),
      retryAfter: z
        .number()
        .int()
        .optional()
        .meta({ description: 'seconds to wait (429, 200016; also the Retry-After header)' }),
      revision: z
        .number()
        .int()
        .optional()
        .meta({ description: "the page's current revision (409, 100006)" }),
    })
    .catchall(z.unknown())
    .nullable(),
);
z.globalRegistry.add(errorEnvelopeSchema, {
  id: 'ErrorEnvelope',
  description:
    'A failure: `code` from the error catalogue (never 0), `msg` in the caller’s language ' +
    '(the `locale` header, else Accept-Language), `data` null or details. Clients switch on ' +
    '`code`, never on `msg`.',
});

const errorResponse = {
  description:
    'The request was refused: 400 invalid input (100002), 401 no valid token (100003), ' +
    '403 not allowed or a quota, 404 missing or not visible to the caller (100007), ' +
    '405, 409 a stale revision, 413 too large, 415 a refused type, 416, 429 too many requests.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

const bytesSchema = z.string().meta({ format: 'binary' });

/**
 * The answer of a route that sends bytes (a download, an image) rather than an envelope: it
 * documents the types it may send. A stream is sent as it is, never through a serializer.
 * `ranges`: a `Range` request is answered 206 with that part.
 */
export function binaryResponse(
  description: string,
  types: readonly string[] = ['application/octet-stream'],
  options: { ranges?: boolean } = {},
) {
  const content = Object.fromEntries(types.map((type) => [type, { schema: bytesSchema }]));
  return {
    200: { description, content },
    ...(options.ranges
      ? { 206: { description: 'The one range a `Range: bytes=…` header asked for', content } }
      : {}),
  };
}

/**
 * The answer of a server-sent event stream: `event` is the schema of one event's `data` line.
 * The route writes the stream itself; this is its documentation.
 */
export function eventStreamResponse(description: string, event: z.ZodType) {
  return { 200: { description, content: { 'text/event-stream': { schema: event } } } };
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * `POST /api/v3/space/{spaceId}/file` → `postV3SpaceBySpaceIdFile`: the method, then each path
 * segment after `/api` capitalised, a parameter as `By<Name>`. The same route always gets the
 * same id; two routes could only collide if their paths differ in punctuation alone.
 */
export function operationIdOf(method: string, path: string): string {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .split('/')
    .filter((segment, index) => segment !== '' && !(index === 1 && segment === 'api'))
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      const word = (param ?? segment)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capital)
        .join('');
      return param ? `By${word}` : word;
    });
  return method.toLowerCase() + words.join('');
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `#/components/schemas/<name>` the value refers to. */
function schemaRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, into);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = /^#\/components\/schemas\/(.+)$/.exec(child)?.[1];
        if (name) into.add(name);
      } else schemaRefs(child, into);
    }
  }
}

/** Drops the registry's schemas no operation reaches (the unused input twins of each). */
function pruneSchemas(doc: JsonObject) {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const reached = new Set<string>();
  schemaRefs({ ...doc, components: { ...components, schemas: {} } }, reached);
  const pending = [...reached];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const found = new Set<string>();
    schemaRefs(schemas[name], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        pending.push(next);
      }
    }
  }
  components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => reached.has(name)),
  );
}

/** What zod's `openapi-3.0` target writes for `null`: a nullable type allowing null alone. */
const nullSchema = () => ({ type: 'string', nullable: true, enum: [null] });

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable union (`A | B | null`, emitted
 * as `{anyOf: [A, B], nullable: true}`) or reference would not admit null. Null becomes a
 * branch of its own there.
 */
function nullableAsBranch(value: unknown) {
  if (Array.isArray(value)) for (const item of value) nullableAsBranch(item);
  if (!isObject(value)) return;
  for (const child of Object.values(value)) nullableAsBranch(child);
  if (value.nullable !== true || 'type' in value) return;
  delete value.nullable;
  const { description, ...rest } = value;
  const branches =
    Object.keys(rest).length === 1 && Array.isArray(rest.anyOf) ? rest.anyOf : [{ ...rest }];
  for (const key of Object.keys(rest)) delete value[key];
  value.anyOf = [...branches, nullSchema()];
  if (description !== undefined) value.description = description;
}

/** The whole document, after every route is in it. */
function finishDocument(doc: JsonObject): JsonObject {
  nullableAsBranch(doc.paths);
  nullableAsBranch(doc.components);
  doc.servers = [{ url: '/', description: 'this server' }];
  const components = isObject(doc.components) ? doc.components : {};
  components.responses = { ...(isObject(components.responses) ? components.responses : {}) };
  (components.responses as JsonObject).Error = errorResponse;
  doc.components = components;
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= operationSummaries[name] ?? name;
      const responses = isObject(operation.responses) ? operation.responses : {};
      responses['4XX'] ??= { $ref: '#/components/responses/Error' };
      operation.responses = responses;
    }
  }
  pruneSchemas(doc);
  return doc;
}

const multipartFileBody = {
  type: 'object',
  required: [fileUploadField],
  properties: {
    [fileUploadField]: {
      type: 'string',
      format: 'binary',
      description: 'the file: one part, the only one of the body',
    },
  },
};

/** Per route: zod → JSON schema, then who may call it and the body of an upload. */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...result.schema } as JsonObject;
  if (schema.hide) return result;
  const auth = input.route.config?.auth ?? 'required';
  // no token needed (the docs' `security: []`), or read when sent (anonymous or bearer)
  if (auth === 'none' || !input.url.startsWith('/api/')) schema.security = [];
  else if (auth === 'optional') schema.security = [{}, { bearer: [] }];
  // an upload's file part is read by the route itself (http/multipart.ts), never validated as a
  // body, so the body is documented here
  const consumes = Array.isArray(schema.consumes) ? schema.consumes : [];
  if (consumes.includes('multipart/form-data') && !schema.body) schema.body = multipartFileBody;
  return { schema, url: result.url };
};

/** The options of @fastify/swagger for this app. */
export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: '公共图书馆 API',
        description:
          'Public Library API. Every JSON answer is the envelope `{code, data, msg}`; code 0 ' +
          'is success. Authentication: `Authorization: Bearer <token>` (or the `token` cookie ' +
          'from the same origin). See docs/api.md.',
        version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: (document) =>
      finishDocument(jsonSchemaTransformObject(document) as unknown as JsonObject),
  };
}
