CREATE TABLE "document_counts" (
	"team_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"folder_key" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "document_counts_team_id_created_by_folder_key_status_pk" PRIMARY KEY("team_id","created_by","folder_key","status")
);
