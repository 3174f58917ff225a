// The MCP server at /api/mcp, driven by the official SDK's own Client over
// Streamable HTTP against a listening server: initialize, tools/list, tools/call — search on a
// Chinese question (CMRC 2018) answers the passage with its page and block ids — and every tool
// × (anonymous, key of another space, key of a user who lost access, revoked key, valid key):
// never content where the web app would refuse.
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceMemberGroups, spaceMembers } from '../../db/schema/index.js';
import { drainAll, loadArticles, loadCmrc } from '../../../test/cmrc.js';
import {
  addMember,
  authHeader,
  buildSpace,
  buildSpaceWithRoles,
  buildStoredFile,
  buildUser,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function connect(headers: Headers) {
  const client = new Client({ name: 'library-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), {
    requestInit: { headers },
  });
  await client.connect(transport);
  return client;
}

async function makeKey(headers: Headers, spaceIds: string[]) {
  const res = await t.call('POST', '/api/v1/user/accessKey', headers, { name: 'mcp', spaceIds });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

const articles = loadCmrc().slice(0, 5);

/** A space not open to visitors holding five CMRC articles as published, indexed pages. */
async function world() {
  const built = await buildSpaceWithRoles(t.db);
  const { space, as, ids } = built;
  await loadArticles(t.call, as.owner, space.id, articles);
  await drainAll(t.jobs);
  const tree = await t.call('GET', `/api/v2/space/${space.id}/tree`, as.owner);
  const pages = tree.body.data as Array<{ pageId: string; name: string }>;
  const file = await buildStoredFile(t.db, {
    spaceId: space.id,
    uploadedBy: ids.owner,
    name: '附件.pdf',
    pageId: pages[0]!.pageId,
  });
  await t.call('POST', `/api/v2/space/page/${pages[0]!.pageId}/comment`, as.reader, {
    content: '读者的评论',
  });
  const other = await buildSpace(t.db, ids.reader, '另一个空间');
  const leaver = await buildUser(t.db);
  await addMember(t.db, space.id, leaver.id, 'reader');
  const lostKey = await makeKey(await authHeader(t.db, leaver.id), [space.id]);
  await t.db.delete(spaceMembers).where(
    and(
      eq(spaceMembers.memberId, String(leaver.id)),
      eq(
        spaceMembers.memberGroupId,
        t.db
          .select({ id: spaceMemberGroups.id })
          .from(spaceMemberGroups)
          .where(
            and(eq(spaceMemberGroups.spaceId, space.id), eq(spaceMemberGroups.role, 'reader')),
          ),
      ),
    ),
  );
  const revokedKey = await makeKey(as.reader, [space.id]);
  const keys = await t.call('GET', '/api/v1/user/accessKey', as.reader);
  const revokedId = (keys.body.data.list as Array<{ keyId: string }>)[0]!.keyId;
  await t.call('DELETE', `/api/v1/user/accessKey/${revokedId}`, as.reader);
  return {
    ...built,
    pages,
    fileId: file.id,
    validKey: await makeKey(as.reader, [space.id]),
    otherKey: await makeKey(as.reader, [other.id]),
    lostKey,
    revokedKey,
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
}, 120_000);

const resultText = (result: unknown) =>
  ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '') as string;

describe('the MCP server at /api/mcp', () => {
  it('initializes, lists its read-only tools and searches a space on a Chinese question', async () => {
    const client = await connect({ authorization: `Bearer ${w.validKey}` });
    expect(client.getServerVersion()?.name).toBe('library');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_file_preview_url',
      'list_spaces',
      'read_comments',
      'read_page',
      'read_space_tree',
      'search_space',
    ]);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);

    const article = articles[1]!;
    const qa = article.paragraphs[0]!.qas[0]!;
    const result = await client.callTool({
      name: 'search_space',
      arguments: { spaceId: w.space.id, question: qa.question, topK: 5 },
    });
    expect(result.isError).toBeFalsy();
    const { passages } = JSON.parse(resultText(result)) as {
      passages: Array<{ pageId: string; blockIds: string[]; title: string; text: string }>;
    };
    const page = w.pages.find((p) => p.name === article.title)!;
    const best = passages[0]!;
    expect(best.pageId).toBe(page.pageId);
    expect(best.title).toBe(article.title);
    expect(best.blockIds.length).toBeGreaterThan(0);
    expect(best.blockIds.every((id) => /^s\d+$/.test(id))).toBe(true);
    expect(passages.some((p) => p.text.includes(qa.answers[0]!.text))).toBe(true);

    const markdown = resultText(
      await client.callTool({ name: 'read_page', arguments: { pageId: page.pageId } }),
    );
    expect(markdown.startsWith(`# ${article.title}\n`)).toBe(true);
    expect(markdown).toContain(qa.answers[0]!.text);
    await client.close();
  });

  it('answers every tool to a valid key only: nothing for anonymous, other, lost or revoked keys', async () => {
    const calls = {
      list_spaces: {},
      read_space_tree: { spaceId: w.space.id },
      read_page: { pageId: w.pages[0]!.pageId },
      read_comments: { pageId: w.pages[0]!.pageId },
      get_file_preview_url: { fileId: w.fileId },
      search_space: { spaceId: w.space.id, question: articles[0]!.paragraphs[0]!.qas[0]!.question },
    };
    const secrets = [w.pages[0]!.name, w.pages[0]!.pageId, '读者的评论', w.fileId];
    const callers: Record<string, Headers> = {
      anonymous: {},
      otherSpaceKey: { 'x-api-key': w.otherKey },
      lostAccessKey: { authorization: `Bearer ${w.lostKey}` },
      validKey: { authorization: `Bearer ${w.validKey}` },
    };
    for (const [caller, headers] of Object.entries(callers)) {
      const client = await connect(headers);
      for (const [name, args] of Object.entries(calls)) {
        const result = await client.callTool({ name, arguments: args });
        const body = resultText(result);
        if (caller === 'validKey') {
          expect([name, result.isError ?? false]).toEqual([name, false]);
        } else if (name === 'list_spaces') {
          expect(body).not.toContain(w.space.id);
        } else {
          expect([caller, name, result.isError]).toEqual([caller, name, true]);
        }
        if (caller !== 'validKey') for (const secret of secrets) expect(body).not.toContain(secret);
      }
      await client.close();
    }
    // a revoked key is refused before any tool: the HTTP answer is 401
    await expect(connect({ authorization: `Bearer ${w.revokedKey}` })).rejects.toMatchObject({
      code: 401,
    });
  });

  it('is stateless and read-only over HTTP: GET and DELETE are 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${origin}/api/mcp`, { method });
      expect(res.status).toBe(405);
    }
  });
});
