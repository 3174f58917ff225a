ALTER TABLE "search_docs" ADD COLUMN "author_id" bigint;--> statement-breakpoint
ALTER TABLE "search_docs" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: every object is indexed again (author, date and the beginnings of pinyin
-- initials); documents without a date stay searchable until their object is re-indexed.
INSERT INTO "jobs" ("kind", "payload", "key") VALUES ('search.index-all', '{}'::jsonb, 'search')
ON CONFLICT DO NOTHING;
