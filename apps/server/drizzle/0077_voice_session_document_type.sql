-- A voice interview's activity log entries carry the type of the document interviewed (an ASIC
-- registration's interview is an ASIC entry, as the registration's own steps are), read when the
-- session begins: its end cannot always read the interview again (a completed document refuses
-- it). Sessions begun before were logged as DOC and keep that type.
ALTER TABLE "assistant_voice_sessions" ADD COLUMN "doc_type" text DEFAULT 'DOC' NOT NULL;
