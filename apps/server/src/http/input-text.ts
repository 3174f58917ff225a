// Where input enters: every route's zod validation (params, querystring, body, headers) also
// refuses NUL and lone surrogates — characters PostgreSQL cannot keep (contract `text.ts`) — with
// 400 + 100002 naming the field, like any other validation failure. One rule instead of one
// check per route; editor documents are stripped of them by their contract schemas before this
// runs, and what a schema drops (unknown fields) is never looked at.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxInputDepth, unsafeTextIndex } from '@library/contract';

type Path = Array<string | number>;

export interface UnsafeText {
  path: Path;
  message: string;
}

function describe(text: string, index: number) {
  const unit = text.charCodeAt(index);
  const name =
    unit === 0 ? 'NUL (U+0000)' : `a lone surrogate (U+${unit.toString(16).toUpperCase()})`;
  return `must not contain ${name}, found at character ${index}`;
}

/**
 * The first string (or object key) of `value` holding NUL or a lone surrogate, or a value nested
 * deeper than `maxInputDepth` (PostgreSQL's jsonb parser would run out of stack), with its path.
 */
export function findUnsafeText(value: unknown): UnsafeText | undefined {
  const found = find(value, 0);
  found?.path.reverse();
  return found;
}

// the path is built on the way back, so a clean walk allocates nothing
function find(value: unknown, depth: number): UnsafeText | undefined {
  if (typeof value === 'string') {
    const index = unsafeTextIndex(value);
    return index < 0 ? undefined : { path: [], message: describe(value, index) };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= maxInputDepth) {
    return { path: [], message: `must not be nested deeper than ${maxInputDepth} levels` };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], depth + 1);
      if (found) {
        found.path.push(i);
        return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyIndex = unsafeTextIndex(key);
    if (keyIndex >= 0) return { path: [key], message: `key ${describe(key, keyIndex)}` };
    const found = find((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.path.push(key);
      return found;
    }
  }
  return undefined;
}

const guarded = new WeakMap<z.ZodType, z.ZodType>();

/** `schema` that also refuses NUL and lone surrogates in what it accepted. */
export function refuseUnsafeText(schema: z.ZodType): z.ZodType {
  let guard = guarded.get(schema);
  if (!guard) {
    guard = schema.superRefine((value, ctx) => {
      const found = findUnsafeText(value);
      if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message });
    });
    guarded.set(schema, guard);
  }
  return guard;
}

/** The zod type provider's validator compiler, with `refuseUnsafeText` on every schema. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({
    ...route,
    schema: route.schema instanceof z.ZodType ? refuseUnsafeText(route.schema) : route.schema,
  });
