-- Written by hand: every instance keeps the sessions it resolved in memory (session-cache.ts) and
-- forgets a user's as soon as anything that decides who they are changes: a token revoked or
-- deleted, the user's row updated (status, profile) or deleted. The database announces the
-- user's id on the `library_session` channel at commit, whichever code path made the change.
CREATE OR REPLACE FUNCTION "session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  FOR changed IN SELECT "id" FROM "old_rows" LOOP
    PERFORM pg_notify('library_session', changed::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_token_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  FOR changed IN SELECT DISTINCT "user_id" FROM "old_rows" LOOP
    PERFORM pg_notify('library_session', changed::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_token_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  -- a token's last-seen time changes on every minute of use: only a revocation is announced
  FOR changed IN
    SELECT DISTINCT o."user_id" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE (n."revoked_at", n."user_id", n."token_hash")
      IS DISTINCT FROM (o."revoked_at", o."user_id", o."token_hash")
  LOOP
    PERFORM pg_notify('library_session', changed::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_session_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_session_update" AFTER UPDATE ON "auth_tokens"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_token_revoked"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_session_delete" AFTER DELETE ON "auth_tokens"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "session_token_deleted"();
