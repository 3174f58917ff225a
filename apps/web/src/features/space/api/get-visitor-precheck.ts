import { ErrorCode } from '@library/contract';
import { api, ApiError } from '../../../lib/api-client';

/** What the visitor precheck answers (docs/decisions/mcp.md); `message` in the reader's language. */
export type VisitorPrecheck =
  | { code: 0 }
  | {
      code: typeof ErrorCode.spaceForbidsVisitors | typeof ErrorCode.visitorAlreadyAuthorised;
      message: string;
    };

/**
 * `GET /api/v1/mcp/space/{id}/accessControl/visitor`: its answers come as the body's code with
 * HTTP 200; silent, the caller branches on them. Any other failure is thrown.
 */
export async function getVisitorPrecheck(
  spaceId: string,
  signal?: AbortSignal,
): Promise<VisitorPrecheck> {
  try {
    await api.get<null>(`/v1/mcp/space/${encodeURIComponent(spaceId)}/accessControl/visitor`, {
      signal,
      silent: true,
    });
    return { code: 0 };
  } catch (error) {
    const code = error instanceof ApiError && error.source === 'app' ? error.code : null;
    if (code === ErrorCode.spaceForbidsVisitors || code === ErrorCode.visitorAlreadyAuthorised) {
      return { code, message: (error as ApiError).message };
    }
    throw error;
  }
}
