-- System administration: roles with their resources and switches, per-account settings, the
-- last login, and the administrators' user search. Edited by hand: the built-in roles are seeded
-- before user_roles refers to them, and the search function exists before the column using it.
CREATE OR REPLACE FUNCTION "user_search_grams"("nickname" text, "mobile" text, "email" text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- every two-character piece of the lower-cased name, phone and address: a keyword of two
  -- characters or more is found through the pieces it contains (GIN), then checked with ILIKE
  SELECT coalesce(array_agg(DISTINCT substr(v, i, 2)), '{}')
  FROM unnest(array[lower(nickname), mobile, lower(email)]) AS v,
    generate_series(1, length(v) - 1) AS i
  WHERE v IS NOT NULL
$$;--> statement-breakpoint
CREATE TABLE "account_limits" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quotas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_resources" (
	"role" text NOT NULL,
	"resource" text NOT NULL,
	CONSTRAINT "role_resources_role_resource_pk" PRIMARY KEY("role","resource")
);
--> statement-breakpoint
CREATE TABLE "system_roles" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "system_roles" ("name", "title", "builtin") VALUES
  ('ADMIN', '管理员', true), ('DEFAULT_ROLE', '普通用户', true);--> statement-breakpoint
INSERT INTO "system_roles" ("name", "title")
  SELECT DISTINCT "role", "role" FROM "user_roles" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (user_search_grams(nickname, mobile, email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "account_limits" ADD CONSTRAINT "account_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resources" ADD CONSTRAINT "role_resources_role_system_roles_name_fk" FOREIGN KEY ("role") REFERENCES "public"."system_roles"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_system_roles_name_fk" FOREIGN KEY ("role") REFERENCES "public"."system_roles"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "users_search_grams_idx" ON "users" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("id") WHERE "users"."status" = 'pending';