// The MCP view's reader and the space of what it asks for, checked against the key's scope: a
// call with an access key reaches only the key's spaces (the rule is access-key.policy.ts's
// `keyReaches`; anything elsewhere is missing to it), then space-access.ts decides as for the
// key's user (docs/decisions/mcp.md). Not a policy itself: it reads the request and the database.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/database.js';
import { spaceFiles, spaceNodes } from '../../db/schema/index.js';
import { mcpReader, requireInScope, type McpReader } from '../access-key/index.js';

/** The space a node or file belongs to (deleted or not: access is checked after this). */
async function spaceOf(db: Executor, kind: 'node' | 'file', id: string) {
  const table = kind === 'node' ? spaceNodes : spaceFiles;
  const [row] = await db
    .select({ spaceId: table.spaceId })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.spaceId;
}

/** The reader of a call about a space: 404 when the space is outside the key's spaces. */
export function readerOfSpace(request: FastifyRequest, spaceId: string): McpReader {
  const reader = mcpReader(request);
  requireInScope(reader, spaceId);
  return reader;
}

/** The reader of a call about a node or file: 404 when it lies outside the key's spaces. */
export async function readerOf(
  db: Executor,
  request: FastifyRequest,
  kind: 'node' | 'file',
  id: string,
): Promise<McpReader> {
  const reader = mcpReader(request);
  if (reader.spaceIds) requireInScope(reader, await spaceOf(db, kind, id));
  return reader;
}
