CREATE TABLE "document_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doc_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"version" integer NOT NULL,
	"assembled_at" timestamp with time zone NOT NULL,
	"assembled_by" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"answers_sha256" text NOT NULL,
	"changes" jsonb NOT NULL,
	"pdf_name" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"word_name" text NOT NULL,
	"word_sha256" text NOT NULL,
	"word_size" integer NOT NULL,
	CONSTRAINT "document_versions_doc_version_key" UNIQUE("doc_id","version")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_assembled_by_users_id_fk" FOREIGN KEY ("assembled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_pdf_sha256_file_blobs_sha256_fk" FOREIGN KEY ("pdf_sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_word_sha256_file_blobs_sha256_fk" FOREIGN KEY ("word_sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_team_template_idx" ON "documents" USING btree ("team_id","x_template_id");--> statement-breakpoint
-- The client filter matches `lower(client_name) LIKE lower(pattern)` within a firm: where the
-- server offers pg_trgm (see 0002 and 0012) a trigram index serves it; PGlite scans the firm's
-- documents, which is fine at embedded sizes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS documents_client_name_trgm_idx ON documents USING gin (lower(client_name) gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- Documents assembled before versions were kept get their current files as version 1, with the
-- answers they hold now (the hash is of the stored JSON's text; later versions hash the JSON
-- the server writes, so it only ever tells versions of one document apart after this one).
INSERT INTO document_versions (doc_id, team_id, version, assembled_at, assembled_by, answers, answers_sha256, changes,
  pdf_name, pdf_sha256, pdf_size, word_name, word_sha256, word_size)
SELECT d.id, d.team_id, 1, p.created_at, p.created_by, d.xml, encode(sha256(convert_to(d.xml::text, 'UTF8')), 'hex'), '[]'::jsonb,
  p.name, p.sha256, p.size, w.name, w.sha256, w.size
FROM documents d
JOIN document_files p ON p.doc_id = d.id AND p.kind = 'pdf'
JOIN document_files w ON w.doc_id = d.id AND w.kind = 'word';
