CREATE TABLE "ai_terms" (
	"space_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "ai_terms_space_id_term_pk" PRIMARY KEY("space_id","term")
);
--> statement-breakpoint
ALTER TABLE "ai_chunks" ADD COLUMN "block_starts" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express INCLUDE or triggers): BM25 reads tf and dl from
-- the postings' primary key alone (an index-only scan, no heap page per posting).
ALTER TABLE "ai_postings" DROP CONSTRAINT "ai_postings_space_id_term_chunk_id_pk";--> statement-breakpoint
ALTER TABLE "ai_postings" ADD CONSTRAINT "ai_postings_space_id_term_chunk_id_pk" PRIMARY KEY ("space_id","term","chunk_id") INCLUDE ("tf","dl");--> statement-breakpoint
-- Document frequencies follow every insert and delete of postings, cascades included.
CREATE FUNCTION "ai_terms_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ai_terms" ("space_id", "term", "df")
  SELECT "space_id", "term", count(*) FROM "added_postings"
  GROUP BY "space_id", "term" ORDER BY "space_id", "term"
  ON CONFLICT ("space_id", "term") DO UPDATE SET "df" = "ai_terms"."df" + excluded."df";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "ai_terms_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ai_terms" t SET "df" = t."df" - g."n"
  FROM (SELECT "space_id", "term", count(*) AS "n" FROM "removed_postings"
        GROUP BY "space_id", "term" ORDER BY "space_id", "term") g
  WHERE t."space_id" = g."space_id" AND t."term" = g."term";
  DELETE FROM "ai_terms" t USING (SELECT DISTINCT "space_id", "term" FROM "removed_postings") g
  WHERE t."space_id" = g."space_id" AND t."term" = g."term" AND t."df" <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ai_postings_added" AFTER INSERT ON "ai_postings"
  REFERENCING NEW TABLE AS "added_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ai_terms_count_added"();--> statement-breakpoint
CREATE TRIGGER "ai_postings_removed" AFTER DELETE ON "ai_postings"
  REFERENCING OLD TABLE AS "removed_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ai_terms_count_removed"();--> statement-breakpoint
INSERT INTO "ai_terms" ("space_id", "term", "df")
SELECT "space_id", "term", count(*) FROM "ai_postings" GROUP BY "space_id", "term";
