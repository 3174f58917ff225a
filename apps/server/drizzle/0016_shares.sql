CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"space_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"node_id" uuid,
	"created_by" bigint NOT NULL,
	"password_hash" text,
	"grant_version" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"show_comments" boolean DEFAULT false NOT NULL,
	"allow_download" boolean DEFAULT false NOT NULL,
	"allow_ai" boolean DEFAULT false NOT NULL,
	"visit_count" bigint DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_token_unique" UNIQUE("token"),
	CONSTRAINT "shares_target_type_check" CHECK ("shares"."target_type" in ('space','topic','page')),
	CONSTRAINT "shares_target_node_check" CHECK (("shares"."target_type" = 'space') = ("shares"."node_id" is null))
);
--> statement-breakpoint
CREATE TABLE "space_share_settings" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"editors_may_share" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_node_id_space_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."space_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_share_settings" ADD CONSTRAINT "space_share_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_space_idx" ON "shares" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "shares_node_idx" ON "shares" USING btree ("node_id");