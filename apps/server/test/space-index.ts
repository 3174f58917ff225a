// How many rows a space has in the AI index and the search index: the purge test and the purge
// bench check that purging a space leaves none (and touches no other space's).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/database.js';

export async function spaceIndexRows(db: Database, spaceId: string) {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*) from ai_documents where space_id = ${spaceId})::int as documents,
      (select count(*) from ai_chunks where space_id = ${spaceId})::int as chunks,
      (select count(*) from ai_postings where space_id = ${spaceId})::int as postings,
      (select count(*) from ai_terms where space_id = ${spaceId})::int as terms,
      (select count(*) from search_docs where space_id = ${spaceId})::int as "searchDocs",
      (select count(*) from search_postings p join search_docs d on d.id = p.doc_id
        where d.space_id = ${spaceId})::int as "searchPostings"`,
  );
  return row!;
}
