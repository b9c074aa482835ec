-- The registration template offered ASIC's subclass codes wrongly for public companies: "Unlisted
-- public company (other)" was stored as ULSN (ASIC's code for an unlisted public non-profit
-- company) and "Listed public company" as LISN. The template now offers ULST, ULSN (non-profit),
-- ULSS and LIST. Every answer saved before this change meant "other" by ULSN and "listed" by LISN
-- (no one could choose non-profit), so they are rewritten to the codes they meant; an answer saved
-- after it is never touched, because this runs once, before the new template is served.
-- Only the company registration template asks `pub_subclass`. The interview's version history keeps
-- the answers as they were assembled, as a record.
UPDATE "documents" SET "xml" = jsonb_set("xml", '{pub_subclass}', '"ULST"') WHERE "xml"->>'pub_subclass' = 'ULSN';--> statement-breakpoint
UPDATE "documents" SET "xml" = jsonb_set("xml", '{pub_subclass}', '"LIST"') WHERE "xml"->>'pub_subclass' = 'LISN';
