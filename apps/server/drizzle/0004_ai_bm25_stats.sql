ALTER TABLE "ai_postings" ADD COLUMN "dl" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_ai" ADD COLUMN "chunk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_ai" ADD COLUMN "term_total" bigint DEFAULT 0 NOT NULL;