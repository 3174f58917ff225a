CREATE TABLE "access_key_spaces" (
	"key_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	CONSTRAINT "access_key_spaces_key_id_space_id_pk" PRIMARY KEY("key_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "access_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_keys_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "space_nodes" ADD COLUMN "visitors_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_key_spaces" ADD CONSTRAINT "access_key_spaces_key_id_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_key_spaces" ADD CONSTRAINT "access_key_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_keys_user_idx" ON "access_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "space_nodes_visitors_closed_idx" ON "space_nodes" USING btree ("space_id") WHERE "space_nodes"."visitors_closed";--> statement-breakpoint
-- Written by hand: closing a topic to visitors (or opening it) changes what visitors' tree shows,
-- so it raises the space's tree_version like the other columns the tree shows.
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
      WHERE (o."space_id", o."parent_id", o."type", o."name", o."avatar", o."url", o."position", o."deleted_at", o."published_version" IS NULL, o."visitors_closed")
        IS DISTINCT FROM (n."space_id", n."parent_id", n."type", n."name", n."avatar", n."url", n."position", n."deleted_at", n."published_version" IS NULL, n."visitors_closed"));
  END IF;
  RETURN NULL;
END $$;
