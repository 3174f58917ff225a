-- Written by hand: readers and visitors see only published pages in the tree, so publishing a
-- page for the first time or unpublishing it (published_version null or not) now raises the
-- space's tree_version too; publishing a newer version of a published page does not.
CREATE OR REPLACE FUNCTION "space_tree_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE (o."space_id", o."parent_id", o."type", o."name", o."avatar", o."url", o."position", o."deleted_at", o."published_version" IS NULL)
        IS DISTINCT FROM (n."space_id", n."parent_id", n."type", n."name", n."avatar", n."url", n."position", n."deleted_at", n."published_version" IS NULL));
  END IF;
  RETURN NULL;
END $$;
