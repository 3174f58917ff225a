// A standard MCP server at `/api/mcp`: the Model Context Protocol over Streamable
// HTTP with the official SDK, stateless (a server and transport per request, as the SDK advises
// for stateless mode), read-only. Its tools call the same services as the `/api/v1/mcp/…` view
// with the same reader — anonymous (a visitor), a session, or a personal access key limited to
// its spaces (mcp-scope.ts) — so space-access.ts and visibility.ts decide what leaves, exactly as
// in the web app. Search is the AI chat's own retrieval (ai/space-search.ts). The routes are
// mcp-endpoint.ts, which loads this module (and the SDK) with the first MCP request.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorMessage, idSchema, type Locale } from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { blocksToMarkdown } from '../../lib/block-markdown.js';
import { mcpReader } from '../access-key/index.js';
import { findSpaceAi } from '../ai/index.js';
import { searchSpace } from '../ai/index.js';
import * as files from '../file/index.js';
import type { BlocksCache } from '../page/index.js';
import * as comments from '../page/index.js';
import * as pages from '../page/index.js';
import { accessSpace } from '../space/index.js';
import * as spaces from '../space/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import * as tree from '../tree/index.js';
import { readerOf, readerOfSpace } from './mcp-scope.js';

export interface McpServerDeps extends files.FileDeps {
  treeRows: TreeRowsShape;
  cipher: KeyCipher;
  /** the instance's one blocks cache (app.ts) */
  blocks: BlocksCache;
}

/**
 * One JSON Schema validator for the process: the SDK would otherwise build an Ajv instance with
 * every server, that is with every request (a third of a millisecond of CPU, the largest part of
 * building the server — docs/decisions/mcp.md). It compiles only what a client's elicitation
 * answers would need; these tools never elicit.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** Search answers at most this many passages. */
const searchTopKMax = 20;

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const json = (value: unknown): CallToolResult => text(JSON.stringify(value, null, 2));

/** A tool's answer, or the catalogue's message as a tool error (missing looks like forbidden). */
async function answer(locale: Locale, run: () => Promise<CallToolResult>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      return { ...text(errorMessage(error.code, locale)), isError: true } as CallToolResult;
    }
    throw error;
  }
}

/** The tools for one request's reader. */
function buildServer(deps: McpServerDeps, app: App, request: FastifyRequest): McpServer {
  const { db, blocks } = deps;
  const locale = requestLocale(request);
  const server = new McpServer(
    { name: 'library', version: '1.0.0' },
    {
      jsonSchemaValidator,
      instructions:
        'Read-only access to a knowledge library: list the spaces, read a space tree, read pages as Markdown with their comments, get file preview links, and search a space (Chinese-aware retrieval) for passages with their page and block ids.',
    },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'list_spaces',
    {
      title: 'List spaces',
      description: 'The spaces this caller may read, latest changed first, with the role held.',
      inputSchema: { page: z.number().int().min(0).max(100_000).optional() },
      annotations: readOnly,
    },
    ({ page }) =>
      answer(locale, async () => {
        const { userId, spaceIds } = mcpReader(request);
        return json(
          await spaces.listReadableSpaces(
            db,
            userId,
            { page: page ?? 0, pageSize: 100 },
            spaceIds ? [...spaceIds] : undefined,
          ),
        );
      }),
  );

  server.registerTool(
    'read_space_tree',
    {
      title: 'Read a space tree',
      description:
        "A space's content tree: topics with their children, pages (pageId) and external links.",
      inputSchema: { spaceId: idSchema },
      annotations: readOnly,
    },
    ({ spaceId }) =>
      answer(locale, async () => {
        const { userId } = readerOfSpace(request, spaceId);
        const { load } = await tree.spaceTree(db, userId, spaceId, deps.treeRows, app.access);
        return json(await load());
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        'A page as Markdown (the published version; editors read the draft), with its title.',
      inputSchema: { pageId: idSchema },
      annotations: readOnly,
    },
    ({ pageId }) =>
      answer(locale, async () => {
        const { userId } = await readerOf(db, request, 'node', pageId);
        const detail = await pages.getPage(db, userId, pageId, app.access);
        const body = await pages.getBlocksJson(db, blocks, userId, pageId, 0, app.access);
        const envelope = JSON.parse(body.toString('utf8')) as { data: { blocks: unknown[] } };
        return text(`# ${detail.title}\n\n${blocksToMarkdown(envelope.data.blocks)}\n`);
      }),
  );

  server.registerTool(
    'read_comments',
    {
      title: 'Read comments',
      description: "A page's comments, a page at a time (page from 0).",
      inputSchema: {
        pageId: idSchema,
        page: z.number().int().min(0).max(100_000).optional(),
        pageSize: z.number().int().min(1).max(100).optional(),
      },
      annotations: readOnly,
    },
    ({ pageId, page, pageSize }) =>
      answer(locale, async () => {
        const { userId } = await readerOf(db, request, 'node', pageId);
        return json(await comments.listComments(db, userId, pageId, page ?? 0, pageSize ?? 20));
      }),
  );

  server.registerTool(
    'get_file_preview_url',
    {
      title: 'Get a file preview URL',
      description: 'A signed, short-lived URL that shows the file.',
      inputSchema: { fileId: idSchema },
      annotations: readOnly,
    },
    ({ fileId }) =>
      answer(locale, async () => {
        const { userId } = await readerOf(db, request, 'file', fileId);
        const { url, expiresAt } = await files.previewUrl(deps, userId, fileId);
        return json({ filePreviewUrl: url, expiresAt });
      }),
  );

  server.registerTool(
    'search_space',
    {
      title: 'Search a space',
      description:
        "Passages of a space that answer a question (Chinese or English), best first, each with its page (pageId) or file (fileId) and the ids of the blocks it was cut from — the same retrieval as the space's AI chat, over the space's AI index.",
      inputSchema: {
        spaceId: idSchema,
        question: z.string().trim().min(1).max(1000),
        topK: z.number().int().min(1).max(searchTopKMax).optional(),
      },
      annotations: readOnly,
    },
    ({ spaceId, question, topK }) =>
      answer(locale, async () => {
        const { userId } = readerOfSpace(request, spaceId);
        const [{ role }, ai] = await Promise.all([
          accessSpace(db, userId, spaceId, 'read', app.access),
          findSpaceAi(db, spaceId),
        ]);
        if (!ai?.enabled)
          return { ...text('AI search is not enabled in this space.'), isError: true };
        const passages = await searchSpace(
          { db, cipher: deps.cipher, log: app.log },
          ai,
          role,
          question,
          {
            topK: topK ?? ai.topK,
          },
        );
        return json({
          passages: passages.map((passage) => ({
            pageId: passage.pageId,
            fileId: passage.fileId,
            blockIds: passage.blockIds,
            title: passage.title,
            headingPath: passage.headingPath,
            text: passage.text,
            score: passage.score,
          })),
        });
      }),
  );
  return server;
}

/** The request as the SDK's web-standard transport reads it: the headers (the body is parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(`http://${request.host}${request.url}`, { method: 'POST', headers });
}

/**
 * Answers one MCP request (a JSON-RPC POST) with a server and transport of its own, through the
 * SDK's web-standard transport and Fastify's own reply: the SDK's Node transport would convert
 * the request and its answer through a Hono adapter built twice per request
 * (docs/decisions/mcp.md).
 */
export async function serveMcp(
  deps: McpServerDeps,
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const server = buildServer(deps, app, request);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(webRequest(request), {
      parsedBody: request.body,
    });
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    return await reply.send(response.body === null ? '' : await response.text());
  } finally {
    void transport.close();
    void server.close();
  }
}
