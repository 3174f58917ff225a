CREATE TABLE "search_docs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"variant" text NOT NULL,
	"object_id" uuid NOT NULL,
	"space_id" uuid,
	"node_id" uuid,
	"file_id" uuid,
	"note_id" uuid,
	"owner_id" bigint,
	"version" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"folded" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"length" integer NOT NULL,
	"hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_docs_object_unique" UNIQUE("object_id","variant"),
	CONSTRAINT "search_docs_type_check" CHECK ("search_docs"."type" in ('page','topic','link','file','note')),
	CONSTRAINT "search_docs_variant_check" CHECK ("search_docs"."variant" in ('draft','published','all'))
);
--> statement-breakpoint
CREATE TABLE "search_postings" (
	"term" text NOT NULL,
	"doc_id" bigint NOT NULL,
	"tf" real NOT NULL,
	CONSTRAINT "search_postings_term_doc_id_pk" PRIMARY KEY("term","doc_id")
);
--> statement-breakpoint
ALTER TABLE "search_docs" ADD CONSTRAINT "search_docs_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_docs" ADD CONSTRAINT "search_docs_node_id_space_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."space_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_docs" ADD CONSTRAINT "search_docs_file_id_space_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."space_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_docs" ADD CONSTRAINT "search_docs_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_doc_id_search_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."search_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_docs_space_idx" ON "search_docs" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "search_docs_node_idx" ON "search_docs" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "search_docs_file_idx" ON "search_docs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "search_docs_note_idx" ON "search_docs" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "search_postings_doc_idx" ON "search_postings" USING btree ("doc_id");--> statement-breakpoint
-- Existing content enters the search index through the usual jobs after start-up.
INSERT INTO "jobs" ("kind", "payload", "key") VALUES ('search.index-all', '{}'::jsonb, 'search')
ON CONFLICT DO NOTHING;
