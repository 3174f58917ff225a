// Malformed requests for the fuzz test (http/fuzz.test.ts): every operation of the app's OpenAPI
// document, a seeded generator, and a plausible request per operation that each malformation
// then breaks in one place — wrong types, NUL, lone surrogates, 1 MB strings, bad JSON, wrong
// content types, negative, huge and malformed ids and pages, deep nesting, unknown fields.

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const hex = (length: number) => Array.from({ length }, () => int(16).toString(16)).join('');
  return {
    next,
    int,
    /** a version 4 UUID of this sequence (so a replay sends the same ids) */
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[int(items.length)]!;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

// --- the OpenAPI document ----------------------------------------------------------------------

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** the document's path, `{name}` for parameters */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** the JSON body's schema, when the operation takes one */
  body?: JsonSchema;
}

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    const name = schema?.$ref?.split('/').at(-1);
    return name ? doc.components?.schemas?.[name] : schema;
  };
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return out;
}

// --- plausible values ---------------------------------------------------------------------------

/** Real values for named things (ids of the fixture's objects), so plausible requests hit them. */
export interface RealValues {
  /** a path parameter's value; undefined leaves a random id */
  pathParam(path: string, name: string): string | undefined;
  /** a body or query string field's value by its name (`spaceId`, `parentId`, …) */
  field(name: string): string | number | undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

/** A value the schema probably accepts (real ids by field name); `undefined` for "leave out". */
export function plausible(
  schema: JsonSchema | undefined,
  name: string,
  real: RealValues,
  random: Random,
  depth = 0,
): unknown {
  if (!schema || depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return plausible(random.pick(variants), name, real, random, depth + 1);
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], name, real, random, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const body: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (!required.has(key) && random.chance(0.4)) continue;
        body[key] = plausible(prop, key, real, random, depth + 1);
      }
      return body;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, random.int(3));
      return Array.from({ length: count }, (_, i) =>
        plausible(schema.items, `${name}[${i}]`, real, random, depth + 1),
      );
    }
    case 'integer':
    case 'number': {
      const known = real.field(name);
      if (typeof known === 'number') return known;
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return plausibleString(schema, name, real, random);
    default:
      return null;
  }
}

function plausibleString(
  schema: JsonSchema,
  name: string,
  real: RealValues,
  random: Random,
): string {
  const known = real.field(name);
  if (typeof known === 'string') return known;
  if (schema.format === 'uuid') return random.uuid();
  if (schema.format === 'email') return `fuzz-${random.uuid().slice(0, 8)}@example.com`;
  if (/mobile|account/i.test(name)) return '13800000000';
  if (/url/i.test(name)) return 'https://example.com/fuzz';
  if (/password/i.test(name)) return 'Fuzz1234';
  if (/code/i.test(name)) return '123456';
  const length = Math.max(schema.minLength ?? 0, 4);
  return 'fuzz'.repeat(Math.ceil(length / 4)).slice(0, Math.max(length, 4));
}

// --- malformed values ---------------------------------------------------------------------------

export const megabyteString = 'a'.repeat(1024 * 1024);

/** Ids and numbers in a path or a query: wrong shapes, wrong signs, too big, encoded junk. */
const badIds = [
  '',
  '0',
  '-1',
  '1',
  '1.5',
  '-0',
  '99999999999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80',
  '%F0%9F%98%80',
  '%FF%FE',
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '%20',
  '%0A',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678-1234-1234-1234-123456789012',
  'g2345678-1234-4234-8234-123456789012',
  '12345678123442348234123456789012',
  'x'.repeat(101),
  'x'.repeat(5000),
  '2147483648',
  '-2147483649',
  '9007199254740993',
];

/** Values for a query parameter: the ids above plus pages and sizes out of range. */
const badQueryValues = [
  ...badIds,
  '-100',
  '100001',
  '1000000000000',
  '0x10',
  '1e3',
  ' 1',
  'a'.repeat(100_000),
];

/** A value of another JSON type than the field expects (or the same type, out of range). */
function wrongValue(random: Random): unknown {
  return random.pick<unknown>([
    0,
    -1,
    1.5,
    -2147483649,
    2147483648,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    true,
    false,
    null,
    '',
    ' ',
    'fuzz',
    '-1',
    '1e309',
    [],
    [null],
    [[[]]],
    {},
    { a: {} },
    { $gt: '' },
    random.uuid(),
    '00000000-0000-0000-0000-000000000000',
  ]);
}

function insertAt(text: string, piece: string, random: Random) {
  const at = random.int(text.length + 1);
  return text.slice(0, at) + piece + text.slice(at);
}

function nested(depth: number, kind: 'array' | 'object', leaf: string) {
  return kind === 'array'
    ? '['.repeat(depth) + leaf + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

type PathStep = string | number;

/** Every place in a JSON value (objects' fields, arrays' items), parents before children. */
function placesOf(value: unknown, path: PathStep[] = [], out: PathStep[][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...path, i]);
      placesOf(item, [...path, i], out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...path, key]);
      placesOf(item, [...path, key], out);
    }
  }
  return out;
}

function getAt(value: unknown, path: PathStep[]): unknown {
  let at = value;
  for (const step of path) at = (at as Record<PathStep, unknown>)[step];
  return at;
}

function setAt(value: unknown, path: PathStep[], next: unknown) {
  const parent = getAt(value, path.slice(0, -1)) as Record<PathStep, unknown>;
  parent[path.at(-1)!] = next;
}

// --- requests -----------------------------------------------------------------------------------

export interface MalformedRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** what was broken, for the report */
  kind: string;
}

const uploadField = 'file';

/** A multipart body: one part per entry, raw header lines so names can hold anything. */
function multipart(parts: Array<{ disposition: string; type?: string; body: string | Buffer }>) {
  const boundary = 'fuzz-boundary-7d3f9a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = [`--${boundary}`, `Content-Disposition: ${part.disposition}`];
    if (part.type) head.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

function malformedMultipart(random: Random) {
  const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  // enough of a PNG for the sniffer: accepted where images are
  const png = Buffer.concat([pngBytes, Buffer.alloc(64, 1)]);
  const file = (filename: string, body: string | Buffer = 'fuzz text\n') => ({
    disposition: `form-data; name="${uploadField}"; filename="${filename}"`,
    type: 'text/plain',
    body,
  });
  const variants: Array<
    [string, () => ReturnType<typeof multipart> | { payload: Buffer; type: string }]
  > = [
    ['multipart: NUL in the file name', () => multipart([file('a\u0000b.txt')])],
    ['multipart: an image with NUL in its name', () => multipart([file('a\u0000.png', png)])],
    [
      'multipart: NUL in an encoded file name',
      () =>
        multipart([
          {
            disposition: `form-data; name="${uploadField}"; filename*=UTF-8''a%00b.txt`,
            type: 'text/plain',
            body: 'fuzz',
          },
        ]),
    ],
    [
      'multipart: invalid UTF-8 in the file name',
      () =>
        multipart([
          {
            disposition: Buffer.from([
              ...Buffer.from(`form-data; name="${uploadField}"; filename="a`),
              0xed,
              0xa0,
              0x80,
              0xff,
              ...Buffer.from('.txt"'),
            ]).toString('latin1'),
            type: 'text/plain',
            body: 'fuzz',
          },
        ]),
    ],
    ['multipart: a 5000-character file name', () => multipart([file(`${'n'.repeat(5000)}.txt`)])],
    ['multipart: an empty file name', () => multipart([file('')])],
    ['multipart: an empty file', () => multipart([file('empty.txt', '')])],
    ['multipart: an image that is not one', () => multipart([file('a.png', pngBytes)])],
    [
      'multipart: the wrong field name',
      () => multipart([{ disposition: 'form-data; name="other"; filename="a.txt"', body: 'fuzz' }]),
    ],
    [
      'multipart: a text field only',
      () => multipart([{ disposition: `form-data; name="${uploadField}"`, body: 'a\u0000b' }]),
    ],
    ['multipart: two files', () => multipart([file('a.txt'), file('b.txt')])],
    [
      'multipart: eleven fields before the file',
      () =>
        multipart([
          ...Array.from({ length: 11 }, (_, i) => ({
            disposition: `form-data; name="f${i}"`,
            body: '\u0000',
          })),
          file('a.txt'),
        ]),
    ],
    [
      'multipart: no closing boundary',
      () => ({
        payload: Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc`,
        ),
        type: 'multipart/form-data; boundary=b',
      }),
    ],
    [
      'multipart: no boundary',
      () => ({ payload: Buffer.from('garbage'), type: 'multipart/form-data' }),
    ],
    [
      'multipart: 1 MB of garbage',
      () => ({ payload: Buffer.from(megabyteString), type: 'multipart/form-data; boundary=zz' }),
    ],
  ];
  const [kind, build] = random.pick(variants);
  const { payload, type } = build();
  return { kind, payload, headers: { 'content-type': type } };
}

/** Raw bodies that are not what the route reads: broken JSON, other content types, huge. */
function malformedRawBody(random: Random, plausibleJson: string) {
  const variants: Array<[string, string, string | Buffer]> = [
    [
      'json: cut short',
      'application/json',
      plausibleJson.slice(0, Math.max(1, plausibleJson.length - 1)),
    ],
    ['json: trailing comma', 'application/json', '{"a":1,}'],
    ['json: single quotes', 'application/json', "{'name':'x'}"],
    ['json: bare word', 'application/json', 'NaN'],
    ['json: empty', 'application/json', ''],
    ['json: a NUL byte', 'application/json', '\u0000'],
    ['json: NUL escape at the top', 'application/json', '"\\u0000"'],
    ['json: null', 'application/json', 'null'],
    ['json: a number', 'application/json', '-1'],
    ['json: a string', 'application/json', '"fuzz"'],
    ['json: an array', 'application/json', '[]'],
    ['json: __proto__', 'application/json', '{"__proto__":{"admin":true},"name":"x"}'],
    ['json: constructor.prototype', 'application/json', '{"constructor":{"prototype":{"a":1}}}'],
    ['json: duplicate keys', 'application/json', '{"name":"a","name":"\\u0000"}'],
    [
      'json: invalid UTF-8',
      'application/json',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    ],
    ['json: BOM', 'application/json', `\ufeff${plausibleJson}`],
    ['json: 100,000 levels of arrays', 'application/json', nested(100_000, 'array', '1')],
    ['json: 10,000 levels of objects', 'application/json', nested(10_000, 'object', '1')],
    ['json: over 1 MB', 'application/json', `{"name":"${megabyteString}"}`],
    ['content type: text/plain', 'text/plain', plausibleJson],
    ['content type: form', 'application/x-www-form-urlencoded', 'name=%00&a[b]=c'],
    ['content type: xml', 'application/xml', '<a>\u0000</a>'],
    ['content type: json with latin1', 'application/json; charset=latin1', plausibleJson],
    ['content type: json with utf-16', 'application/json; charset=utf-16', plausibleJson],
    ['content type: garbage', '%00/;;;', plausibleJson],
    ['content type: octet stream', 'application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ];
  const [kind, type, payload] = random.pick(variants);
  return { kind, payload, headers: { 'content-type': type } };
}

/** The plausible body broken at one place: a wrong type, NUL, a lone surrogate, 1 MB, … */
function malformedJsonBody(body: unknown, random: Random): { kind: string; payload: string } {
  const value = structuredClone(body) ?? {};
  const places = placesOf(value);
  const strings = places.filter((p) => typeof getAt(value, p) === 'string');
  const numbers = places.filter((p) => typeof getAt(value, p) === 'number');
  const where = (p: PathStep[]) => p.join('.') || '(body)';
  const choice = random.int(10);
  if (choice === 0 && places.length > 0) {
    const place = random.pick(places);
    setAt(value, place, wrongValue(random));
    return { kind: `json: wrong type at ${where(place)}`, payload: JSON.stringify(value) };
  }
  if (choice === 1 || choice === 2) {
    const piece = random.pick(['\u0000', '\ud800', '\udfff', '\udc00\ud800', 'a\u0000']);
    const name = piece.includes('\u0000') ? 'NUL' : 'lone surrogate';
    if (strings.length > 0) {
      const place = random.pick(strings);
      setAt(value, place, insertAt(getAt(value, place) as string, piece, random));
      return { kind: `json: ${name} in ${where(place)}`, payload: JSON.stringify(value) };
    }
    if (typeof value === 'object' && value !== null) {
      (value as Record<string, unknown>)[random.chance(0.5) ? 'name' : `k${piece}`] = piece;
    }
    return { kind: `json: ${name} in an added field`, payload: JSON.stringify(value) };
  }
  if (choice === 3 && strings.length > 0) {
    const place = random.pick(strings);
    setAt(value, place, random.chance(0.5) ? megabyteString : megabyteString.slice(0, 1000_000));
    return { kind: `json: 1 MB string at ${where(place)}`, payload: JSON.stringify(value) };
  }
  if (choice === 4 && numbers.length > 0) {
    const place = random.pick(numbers);
    setAt(
      value,
      place,
      random.pick([-1, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER + 2, 1e308, 0.5]),
    );
    return { kind: `json: number out of range at ${where(place)}`, payload: JSON.stringify(value) };
  }
  if (choice === 5 && typeof value === 'object' && value !== null) {
    const extra = value as Record<string, unknown>;
    extra[`unknown${random.int(100)}`] = wrongValue(random);
    if (random.chance(0.5)) extra['\u0000'] = '\u0000';
    if (random.chance(0.5)) extra.id = random.uuid();
    return { kind: 'json: unknown fields', payload: JSON.stringify(value) };
  }
  if (choice === 6) {
    const depth = random.pick([50, 99, 100, 101, 1000, 50_000]);
    const kind = random.chance(0.5) ? 'array' : 'object';
    const marker = '"__deep__"';
    if (places.length > 0) {
      const place = random.pick(places);
      setAt(value, place, '__deep__');
      return {
        kind: `json: ${depth} levels of ${kind}s at ${where(place)}`,
        payload: JSON.stringify(value).replace(marker, nested(depth, kind, '"\\u0000"')),
      };
    }
    return { kind: `json: ${depth} levels of ${kind}s`, payload: nested(depth, kind, '0') };
  }
  if (choice === 7 && places.length > 0) {
    const place = random.pick(places);
    const parent = getAt(value, place.slice(0, -1));
    if (Array.isArray(parent)) parent.splice(place.at(-1) as number, 1);
    else delete (parent as Record<string, unknown>)[place.at(-1) as string];
    return { kind: `json: ${where(place)} left out`, payload: JSON.stringify(value) };
  }
  if (choice === 8 && strings.length > 0) {
    const place = random.pick(strings);
    setAt(value, place, random.pick(['', ' ', '\t\n', '😀'.repeat(300), '\u202e', '<script>']));
    return { kind: `json: odd text at ${where(place)}`, payload: JSON.stringify(value) };
  }
  // a raw lone surrogate escape where JSON.stringify would have written a well-formed one
  const text = JSON.stringify(value);
  const payload = text.includes('":"') ? text.replace('":"', '":"\\udbff') : text;
  return { kind: 'json: raw \\udbff escape', payload };
}

/**
 * One malformed request for `op`, made from a plausible one (real ids, a body its schema
 * probably accepts) broken in one place — sometimes two.
 */
export function malformedRequest(
  op: Operation,
  real: RealValues,
  random: Random,
  auth: Record<string, string>,
): MalformedRequest {
  const pathValues: Record<string, string> = {};
  for (const param of op.pathParams) {
    pathValues[param.name] = encodeURIComponent(
      real.pathParam(op.path, param.name) ?? random.uuid(),
    );
  }
  const query = new Map<string, string>();
  for (const param of op.queryParams) {
    if (!param.required && random.chance(0.5)) continue;
    const value = plausible(param.schema, param.name, real, random);
    query.set(param.name, encodeURIComponent(String(value)));
  }
  const headers: Record<string, string> = { ...auth };
  const body = op.body ? plausible(op.body, 'body', real, random) : undefined;
  let payload: string | Buffer | undefined = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const kinds: string[] = [];

  const breaks = random.chance(0.15) ? 2 : 1;
  for (let i = 0; i < breaks; i++) {
    const options = ['query', 'header', 'raw'];
    if (op.pathParams.length > 0) options.push('path', 'path', 'path');
    if (op.body) options.push('body', 'body', 'body', 'body', 'body');
    if (op.method === 'POST' || op.method === 'PUT') options.push('multipart');
    switch (random.pick(options)) {
      case 'path': {
        const param = random.pick(op.pathParams);
        const other = real.pathParam(op.path, random.pick(['spaceId', 'pageId', 'fileId']));
        const value = random.chance(0.1) && other ? other : random.pick(badIds);
        pathValues[param.name] = value;
        kinds.push(`path ${param.name}=${value.slice(0, 40)}`);
        break;
      }
      case 'query': {
        const known = op.queryParams.length > 0 && random.chance(0.7);
        const name = known
          ? random.pick(op.queryParams).name
          : random.pick(['x', 'page', '%00', 'a[b]']);
        const value = random.pick(badQueryValues);
        if (random.chance(0.15)) {
          query.set(name, `${value}&${name}=${random.pick(badQueryValues)}`);
          kinds.push(`query ${name} twice`);
        } else {
          query.set(name, value);
          kinds.push(`query ${name}=${value.slice(0, 40)}`);
        }
        break;
      }
      case 'header': {
        const broken = random.pick<[string, Record<string, string>]>([
          ['header: a bearer token that is no token', { authorization: 'Bearer fuzz' }],
          ['header: an empty bearer', { authorization: 'Bearer ' }],
          ['header: basic auth', { authorization: 'Basic Zm9vOmJhcg==' }],
          ['header: a 10,000-character token', { authorization: `Bearer ${'t'.repeat(10_000)}` }],
          ['header: a NUL in the token cookie', { cookie: 'token=%00' }],
          ['header: a lone surrogate in the token cookie', { cookie: 'token=%ED%A0%80' }],
          ['header: a foreign origin', { origin: 'https://evil.example' }],
          ['header: an odd locale', { locale: '%00', 'accept-language': '*;q=x, zz-ZZ;q=2' }],
          ['header: x-forwarded-for junk', { 'x-forwarded-for': '999.1.1.1, ::zz' }],
        ]);
        Object.assign(headers, broken[1]);
        kinds.push(broken[0]);
        break;
      }
      case 'raw': {
        const raw = malformedRawBody(random, typeof payload === 'string' ? payload : '{}');
        payload = raw.payload;
        Object.assign(headers, raw.headers);
        kinds.push(raw.kind);
        break;
      }
      case 'body': {
        const broken = malformedJsonBody(body, random);
        payload = broken.payload;
        headers['content-type'] = 'application/json';
        kinds.push(broken.kind);
        break;
      }
      case 'multipart': {
        const parts = malformedMultipart(random);
        payload = parts.payload;
        Object.assign(headers, parts.headers);
        kinds.push(parts.kind);
        break;
      }
    }
  }

  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '');
  const search = [...query].map(([name, value]) => `${name}=${value}`).join('&');
  return {
    method: op.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
    kind: kinds.join('; '),
  };
}
