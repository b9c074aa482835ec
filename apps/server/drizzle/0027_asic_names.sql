CREATE TABLE "asic_name_register" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asic_name_register_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"team_id" integer,
	"doc_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asic_name_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asic_name_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"proposed_name" text,
	"legal_element" text,
	"pre_registration_consent" boolean DEFAULT false NOT NULL,
	"pre_director_read" boolean DEFAULT false NOT NULL,
	"pre_director_offences" boolean DEFAULT false NOT NULL,
	"pre_director_requirement" boolean DEFAULT false NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "asic_name_applications_doc_id_unique" UNIQUE("doc_id")
);
--> statement-breakpoint
ALTER TABLE "asic_name_register" ADD CONSTRAINT "asic_name_register_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_name_register" ADD CONSTRAINT "asic_name_register_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_name_applications" ADD CONSTRAINT "asic_name_applications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_name_applications" ADD CONSTRAINT "asic_name_applications_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_name_applications" ADD CONSTRAINT "asic_name_applications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asic_name_register_key_unique" ON "asic_name_register" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "asic_name_register_doc_unique" ON "asic_name_register" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "asic_name_applications_team_idx" ON "asic_name_applications" USING btree ("team_id");
