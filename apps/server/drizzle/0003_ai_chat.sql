CREATE TABLE "ai_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"block_ids" text[] DEFAULT '{}' NOT NULL,
	"heading_path" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"hash" text NOT NULL,
	"term_count" integer NOT NULL,
	"embedding" real[]
);
--> statement-breakpoint
CREATE TABLE "ai_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"page_id" uuid,
	"file_id" uuid,
	"title" text NOT NULL,
	"version" integer,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_documents_source_check" CHECK ("ai_documents"."source_type" in ('page','file'))
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"refer_docs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_messages_status_check" CHECK ("ai_messages"."status" in ('streaming','done','stopped','failed'))
);
--> statement-breakpoint
CREATE TABLE "ai_postings" (
	"space_id" uuid NOT NULL,
	"term" text NOT NULL,
	"chunk_id" bigint NOT NULL,
	"tf" integer NOT NULL,
	CONSTRAINT "ai_postings_space_id_term_chunk_id_pk" PRIMARY KEY("space_id","term","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "ai_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text,
	"chat_model" text NOT NULL,
	"embedding_model" text,
	"embedding_dimension" integer,
	"rerank_model" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"prologue" text DEFAULT '' NOT NULL,
	"pinned_at" timestamp with time zone,
	"last_converse_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_ai" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"chat_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"prologue" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"top_k" integer DEFAULT 5 NOT NULL,
	"include_drafts" boolean DEFAULT false NOT NULL,
	"index_error" text,
	"indexed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_ai_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
ALTER TABLE "ai_chunks" ADD CONSTRAINT "ai_chunks_document_id_ai_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ai_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_documents" ADD CONSTRAINT "ai_documents_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_documents" ADD CONSTRAINT "ai_documents_page_id_space_nodes_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."space_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_session_id_ai_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ai_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_postings" ADD CONSTRAINT "ai_postings_chunk_id_ai_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."ai_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_ai" ADD CONSTRAINT "space_ai_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_chunks_document_idx" ON "ai_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "ai_chunks_space_idx" ON "ai_chunks" USING btree ("space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_documents_page_unique" ON "ai_documents" USING btree ("page_id") WHERE "ai_documents"."source_type" = 'page';--> statement-breakpoint
CREATE UNIQUE INDEX "ai_documents_file_unique" ON "ai_documents" USING btree ("file_id") WHERE "ai_documents"."source_type" = 'file';--> statement-breakpoint
CREATE INDEX "ai_documents_space_idx" ON "ai_documents" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "ai_messages_session_idx" ON "ai_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_postings_chunk_idx" ON "ai_postings" USING btree ("chunk_id");--> statement-breakpoint
CREATE INDEX "ai_sessions_owner_idx" ON "ai_sessions" USING btree ("space_id","user_id");