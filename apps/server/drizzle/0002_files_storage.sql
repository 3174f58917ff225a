CREATE TABLE "file_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "file_blobs_space_sha256_unique" UNIQUE("space_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "space_file_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"page_id" uuid,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL,
	"text_status" text DEFAULT 'none' NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"recycle_item_id" uuid,
	CONSTRAINT "space_files_text_status_check" CHECK ("space_files"."text_status" in ('none','pending','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "file_blobs" ADD CONSTRAINT "file_blobs_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_file_texts" ADD CONSTRAINT "space_file_texts_file_id_space_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."space_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_files" ADD CONSTRAINT "space_files_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_files" ADD CONSTRAINT "space_files_blob_id_file_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."file_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_files" ADD CONSTRAINT "space_files_page_id_space_nodes_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."space_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_files" ADD CONSTRAINT "space_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_files_space_idx" ON "space_files" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "space_files_blob_idx" ON "space_files" USING btree ("blob_id");--> statement-breakpoint
CREATE INDEX "space_files_page_idx" ON "space_files" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "space_files_uploader_idx" ON "space_files" USING btree ("uploaded_by");