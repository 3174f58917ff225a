-- Written by hand: every instance keeps, for reads, the spaces and nodes it loaded with the roles
-- their caller holds (space/access-cache.ts), and forgets them as soon as anything that decides
-- access changes. The database announces it on the `library_access` channel at commit, whichever
-- code path made the change:
--   node:<id>    a node changed or was deleted (its row is what a read of it is checked against)
--   space:<id>   a space changed or was deleted, its member groups or their members changed, or
--                one statement changed many of its nodes
--   user:<id>    the user joined or left a team (the teams a user is in give roles in spaces)
--   all          a team moved, was deleted or restored (its members' roles anywhere)
CREATE OR REPLACE FUNCTION "access_nodes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- a topic deleted or moved with its subtree: its space, rather than a thousand node ids
  IF (SELECT count(*) FROM "old_rows") > 20 THEN
    FOR changed IN SELECT DISTINCT "space_id"::text FROM "old_rows" LOOP
      PERFORM pg_notify('library_access', 'space:' || changed);
    END LOOP;
  ELSE
    FOR changed IN SELECT "id"::text FROM "old_rows" LOOP
      PERFORM pg_notify('library_access', 'node:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_spaces_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN SELECT "id"::text FROM "old_rows" LOOP
    PERFORM pg_notify('library_access', 'space:' || changed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_member_groups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN SELECT DISTINCT "space_id"::text FROM "old_rows" LOOP
    PERFORM pg_notify('library_access', 'space:' || changed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inserted and deleted rows are handed over as `changed_rows`, updated ones as `old_rows` and
-- `new_rows` (PL/pgSQL plans a statement when it first runs it: the branch not taken names a
-- table its trigger does not have). A group deleted with its members announced its space itself.
CREATE OR REPLACE FUNCTION "access_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR changed IN
      SELECT DISTINCT g."space_id"::text
      FROM (SELECT "member_group_id" FROM "old_rows" UNION SELECT "member_group_id" FROM "new_rows") m
      JOIN "space_member_groups" g ON g."id" = m."member_group_id"
    LOOP
      PERFORM pg_notify('library_access', 'space:' || changed);
    END LOOP;
  ELSE
    FOR changed IN
      SELECT DISTINCT g."space_id"::text FROM "changed_rows" m
      JOIN "space_member_groups" g ON g."id" = m."member_group_id"
    LOOP
      PERFORM pg_notify('library_access', 'space:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_team_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- a member's role in the team (owner, admin, member) gives nothing in spaces: not announced
    FOR changed IN
      SELECT "user_id"::text FROM (
        (SELECT "team_id", "user_id" FROM "old_rows" EXCEPT SELECT "team_id", "user_id" FROM "new_rows")
        UNION
        (SELECT "team_id", "user_id" FROM "new_rows" EXCEPT SELECT "team_id", "user_id" FROM "old_rows")
      ) moved
    LOOP
      PERFORM pg_notify('library_access', 'user:' || changed);
    END LOOP;
  ELSE
    FOR changed IN SELECT DISTINCT "user_id"::text FROM "changed_rows" LOOP
      PERFORM pg_notify('library_access', 'user:' || changed);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_teams_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('library_access', 'all');
  -- a team's name, position or join code gives nothing in spaces: not announced
  ELSIF EXISTS (
    SELECT 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE (o."path", o."deleted_at") IS DISTINCT FROM (n."path", n."deleted_at")
  ) THEN
    PERFORM pg_notify('library_access', 'all');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "space_nodes_access_update" AFTER UPDATE ON "space_nodes"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_nodes_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_nodes_access_delete" AFTER DELETE ON "space_nodes"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_nodes_changed"();
--> statement-breakpoint
CREATE TRIGGER "spaces_access_update" AFTER UPDATE ON "spaces"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_spaces_changed"();
--> statement-breakpoint
CREATE TRIGGER "spaces_access_delete" AFTER DELETE ON "spaces"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_spaces_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_member_groups_access_update" AFTER UPDATE ON "space_member_groups"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_member_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_member_groups_access_delete" AFTER DELETE ON "space_member_groups"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_member_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_members_access_insert" AFTER INSERT ON "space_members"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_members_access_update" AFTER UPDATE ON "space_members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "space_members_access_delete" AFTER DELETE ON "space_members"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_members_access_insert" AFTER INSERT ON "team_members"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_team_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_members_access_update" AFTER UPDATE ON "team_members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_team_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_members_access_delete" AFTER DELETE ON "team_members"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_team_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_access_update" AFTER UPDATE ON "teams"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_teams_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_access_delete" AFTER DELETE ON "teams"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_teams_changed"();
