// Search (docs/decisions/search.md): the caller's scope from the space access model,
// ranking and access in one query (search.repo.ts), snippets from the matching words.
import type { searchQuerySchema, SearchResultList } from '@library/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { parseKeywords } from '../../infra/search/search-terms.js';
import { accessSpace } from '../space/index.js';
import { rolesInSpaces } from '../space/index.js';
import { audienceOf, type Audience } from '../space/index.js';
import { searchDocuments, type SearchScope } from './search.repo.js';
import { makeSnippet } from './search.snippet.js';

type Query = z.output<typeof searchQuerySchema>;

const spacesOf = (scope: SearchScope, audience: Audience) =>
  audience === 'editors'
    ? scope.editorSpaces
    : audience === 'readers'
      ? scope.readerSpaces
      : scope.visitorSpaces;

/**
 * Without `spaceId`: the spaces the caller is a member of (drafts where they edit) and their own
 * quick notes. With `spaceId`: that space only — a member's or, for a space open to visitors,
 * anyone's as a visitor (published content); a space the caller may not read is 404.
 */
async function scopeOf(db: Executor, callerId: number | null, query: Query): Promise<SearchScope> {
  const scope: SearchScope = {
    callerId,
    editorSpaces: [],
    readerSpaces: [],
    visitorSpaces: [],
    notes: false,
    ...(query.type ? { type: query.type } : {}),
    ...(query.authorId ? { authorId: query.authorId } : {}),
    ...(query.updatedAfter ? { updatedAfter: new Date(query.updatedAfter) } : {}),
    ...(query.updatedBefore ? { updatedBefore: new Date(query.updatedBefore) } : {}),
  };
  if (query.spaceId) {
    const { role } = await accessSpace(db, callerId, query.spaceId, 'read');
    spacesOf(scope, audienceOf(role)).push(query.spaceId);
    return scope;
  }
  if (callerId === null) return scope;
  for (const [spaceId, role] of await rolesInSpaces(db, callerId)) {
    spacesOf(scope, audienceOf(role)).push(spaceId);
  }
  scope.notes = true;
  return scope;
}

export async function search(
  db: Executor,
  callerId: number | null,
  query: Query,
): Promise<SearchResultList> {
  const scope = await scopeOf(db, callerId, query);
  const { terms, phrases, highlights } = parseKeywords(query.keywords);
  const { page, pageSize } = query;
  let rows = await searchDocuments(db, scope, terms, phrases, page, pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 0) {
    total = (await searchDocuments(db, scope, terms, phrases, 0, 1))[0]?.total ?? 0;
    rows = [];
  }
  return {
    list: rows.map((row) => {
      const { snippet, blockId } = makeSnippet(row.body, row.blocks, highlights);
      return {
        type: row.type,
        id: row.objectId,
        spaceId: row.spaceId,
        title: row.title,
        snippet,
        ...(row.type === 'page' && blockId ? { blockId } : {}),
      };
    }),
    total,
    page,
    pageSize,
  };
}
