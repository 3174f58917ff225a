-- Hand-written: each posting carries its document's length, so BM25 is scored from the postings
-- alone and only the best candidates are read from search_docs (docs/decisions/search.md).
ALTER TABLE "search_postings" ADD COLUMN "length" integer;--> statement-breakpoint
UPDATE "search_postings" SET "length" = "search_docs"."length" FROM "search_docs" WHERE "search_docs"."id" = "search_postings"."doc_id";--> statement-breakpoint
ALTER TABLE "search_postings" ALTER COLUMN "length" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "search_postings" DROP CONSTRAINT "search_postings_term_doc_id_pk";--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_term_doc_id_pk" PRIMARY KEY ("term", "doc_id") INCLUDE ("tf", "length");
