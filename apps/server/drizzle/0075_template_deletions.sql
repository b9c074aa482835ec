-- A new template none of whose versions was ever published may be deleted from the console: its
-- rows go, and every server's library must forget it at once, as it learns of uploads and
-- publications (0073): the deletion is announced as the catalogue's change too.
CREATE TRIGGER template_versions_catalogue_deleted AFTER DELETE ON template_versions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();
