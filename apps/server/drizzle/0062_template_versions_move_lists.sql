-- Each document row says when its template has a newer published version (issue 37 item 2): a
-- version published, retired or scheduled changes that in every firm's lists, so it moves every
-- firm's version, as the catalogue's categories do (0010). Uploads (drafts) change no row.
CREATE CONSTRAINT TRIGGER template_versions_firm_version AFTER UPDATE OF status ON template_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_catalogue_changed();
