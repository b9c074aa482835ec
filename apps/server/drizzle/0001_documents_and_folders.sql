CREATE TYPE "public"."document_type" AS ENUM('DOC', 'ASIC', 'CAS 360', 'Simple Fund 360');--> statement-breakpoint
CREATE TABLE "document_shares" (
	"doc_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_shares_doc_id_folder_id_pk" PRIMARY KEY("doc_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"type" "document_type" DEFAULT 'DOC' NOT NULL,
	"name" text NOT NULL,
	"folder_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"template_id" integer,
	"template_name" text,
	"x_template_id" text,
	"xml" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_relaunch" boolean DEFAULT false NOT NULL,
	"allow_download_pdf" boolean DEFAULT true NOT NULL,
	"allow_download_word" boolean DEFAULT true NOT NULL,
	"allow_sign" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "folder_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folder_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "folder_shares_folderId_unique" UNIQUE("folder_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"ancestor_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "folders_type_check" CHECK ("folders"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "document_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"tags" text[] NOT NULL,
	"log_data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_logs" ADD CONSTRAINT "document_logs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_logs" ADD CONSTRAINT "document_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_shares_folder_idx" ON "document_shares" USING btree ("folder_id","doc_id");--> statement-breakpoint
CREATE INDEX "document_shares_team_idx" ON "document_shares" USING btree ("team_id","doc_id");--> statement-breakpoint
CREATE INDEX "documents_team_created_idx" ON "documents" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_team_updated_idx" ON "documents" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_team_name_idx" ON "documents" USING btree ("team_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "documents_creator_created_idx" ON "documents" USING btree ("team_id","created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_creator_updated_idx" ON "documents" USING btree ("team_id","created_by","updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_creator_name_idx" ON "documents" USING btree ("team_id","created_by",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents" USING btree ("folder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "folder_shares_team_idx" ON "folder_shares" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "folders_team_type_creator_idx" ON "folders" USING btree ("team_id","type","created_by");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "document_logs_doc_idx" ON "document_logs" USING btree ("team_id","doc_id","created_at");--> statement-breakpoint
CREATE INDEX "document_logs_team_idx" ON "document_logs" USING btree ("team_id","created_at");