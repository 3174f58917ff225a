ALTER TABLE "spaces" ADD COLUMN "tree_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers): every statement that changes what a
-- space's tree shows raises the space's tree_version once, so a cached tree is never served
-- stale; changes to other columns (a page's revision, updated_at) leave it alone.
CREATE FUNCTION "space_tree_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "spaces" SET "tree_version" = "tree_version" + 1
    WHERE "id" IN (SELECT "space_id" FROM "new_nodes");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "spaces" SET "tree_version" = "tree_version" + 1
    WHERE "id" IN (SELECT "space_id" FROM "old_nodes");
  ELSE
    UPDATE "spaces" SET "tree_version" = "tree_version" + 1
    WHERE "id" IN (
      SELECT unnest(ARRAY[o."space_id", n."space_id"])
      FROM "old_nodes" o JOIN "new_nodes" n ON n."id" = o."id"
      WHERE (o."space_id", o."parent_id", o."type", o."name", o."avatar", o."url", o."position", o."deleted_at")
        IS DISTINCT FROM (n."space_id", n."parent_id", n."type", n."name", n."avatar", n."url", n."position", n."deleted_at"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "space_nodes_inserted" AFTER INSERT ON "space_nodes"
  REFERENCING NEW TABLE AS "new_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "space_tree_changed"();--> statement-breakpoint
CREATE TRIGGER "space_nodes_updated" AFTER UPDATE ON "space_nodes"
  REFERENCING OLD TABLE AS "old_nodes" NEW TABLE AS "new_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "space_tree_changed"();--> statement-breakpoint
CREATE TRIGGER "space_nodes_deleted" AFTER DELETE ON "space_nodes"
  REFERENCING OLD TABLE AS "old_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "space_tree_changed"();
