CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint
);
--> statement-breakpoint
DROP INDEX "teams_sibling_name_idx";--> statement-breakpoint
DROP INDEX "teams_root_name_idx";--> statement-breakpoint
ALTER TABLE "recycle_items" ALTER COLUMN "space_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "join_code" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "deleted_by" bigint;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "recycle_item_id" uuid;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_join_requests" ADD CONSTRAINT "team_join_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_join_requests" ADD CONSTRAINT "team_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_join_requests" ADD CONSTRAINT "team_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_pending_idx" ON "team_invitations" USING btree ("team_id","to_user_id") WHERE "team_invitations"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "team_invitations_to_idx" ON "team_invitations" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "team_invitations_from_idx" ON "team_invitations" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_join_requests_pending_idx" ON "team_join_requests" USING btree ("team_id","user_id") WHERE "team_join_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "team_join_requests_team_idx" ON "team_join_requests" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "team_join_requests_user_idx" ON "team_join_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recycle_items_target_idx" ON "recycle_items" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "teams_recycle_idx" ON "teams" USING btree ("recycle_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_join_code_idx" ON "teams" USING btree ("join_code");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_sibling_name_idx" ON "teams" USING btree ("parent_id","name") WHERE "teams"."parent_id" is not null and "teams"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_root_name_idx" ON "teams" USING btree ("owner_id","name") WHERE "teams"."parent_id" is null and "teams"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "recycle_items" ADD CONSTRAINT "recycle_items_space_check" CHECK (("recycle_items"."kind" = 'team') = ("recycle_items"."space_id" is null));