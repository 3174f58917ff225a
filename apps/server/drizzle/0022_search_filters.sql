ALTER TABLE "search_docs" ADD COLUMN "author_id" bigint;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (drizzle has no INCLUDE): the ranking reads postings and the documents' small
-- columns from indexes alone (index-only scans; docs/performance.md 'Search').
CREATE INDEX "search_docs_rank_idx" ON "search_docs" USING btree ("id") INCLUDE ("type", "variant", "space_id", "owner_id", "author_id", "updated_at", "length", "node_id", "file_id", "version");--> statement-breakpoint
ALTER TABLE "search_postings" DROP CONSTRAINT "search_postings_term_doc_id_pk";--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_term_doc_id_pk" PRIMARY KEY ("term", "doc_id") INCLUDE ("tf");--> statement-breakpoint
-- Hand-written: every object is indexed again (author, date and the beginnings of pinyin
-- initials); documents without a date stay searchable until their object is re-indexed.
INSERT INTO "jobs" ("kind", "payload", "key") VALUES ('search.index-all', '{}'::jsonb, 'search')
ON CONFLICT DO NOTHING;
