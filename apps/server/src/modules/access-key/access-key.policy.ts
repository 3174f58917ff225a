// Who may do what with personal access keys, and where a key reaches. A user's keys are theirs
// alone to list and revoke (every query of keys filters by `ownKeysSql`). A call with a key
// reaches only the key's spaces: anything elsewhere is missing to it, and within them
// space-access.ts decides as for the key's user. A session (or an anonymous call) on the MCP view
// is not limited by any key. The MCP module applies this to what each call names (mcp-scope.ts).
import { eq } from 'drizzle-orm';
import { accessKeys } from '../../db/schema/index.js';

/** The caller of the MCP view: a user (or null: anonymous), limited to `spaceIds` with a key. */
export interface McpReader {
  userId: number | null;
  /** the access key's spaces; null: not limited (a session, or anonymous) */
  spaceIds: ReadonlySet<string> | null;
}

/** Whether the reader reaches the space (undefined: a thing of no known space). */
export const keyReaches = (reader: Pick<McpReader, 'spaceIds'>, spaceId: string | undefined) =>
  reader.spaceIds === null || (spaceId !== undefined && reader.spaceIds.has(spaceId));

/** The user's own keys, as a condition on `access_keys`. */
export const ownKeysSql = (userId: number) => eq(accessKeys.userId, userId);
