CREATE TABLE "goods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"price_cny" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	"quotas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"term_days" integer NOT NULL,
	"orderable" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "goods_prices_check" CHECK ("goods"."price_cny" >= 0 and "goods"."price_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"goods_id" uuid NOT NULL,
	"goods_name" text NOT NULL,
	"goods_kind" text NOT NULL,
	"quotas" jsonb NOT NULL,
	"term_days" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"pay_type" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"pay_url" text,
	"qr_code" text,
	"provider_trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refund_reason" text,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_closed_at" timestamp with time zone,
	"refund_close_reason" text,
	"closed_at" timestamp with time zone,
	"queried_at" timestamp with time zone,
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('unpaid','paid','refunding','refundCompleted','refundClosed','expired','revoked')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" uuid,
	"event_id" text,
	"provider_trade_no" text,
	"amount" bigint,
	"currency" text,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"quotas" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_grants" ADD CONSTRAINT "quota_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_grants" ADD CONSTRAINT "quota_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_live_idx" ON "goods" USING btree ("sort") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" = 'unpaid';--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_grants_order_idx" ON "quota_grants" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quota_grants_user_idx" ON "quota_grants" USING btree ("user_id","ends_at") WHERE "quota_grants"."ended_at" is null;