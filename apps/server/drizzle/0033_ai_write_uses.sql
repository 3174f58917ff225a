CREATE TABLE "ai_write_uses" (
	"user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_write_uses_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "ai_write_uses" ADD CONSTRAINT "ai_write_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_write_uses_month_idx" ON "ai_write_uses" USING btree ("month","uses");