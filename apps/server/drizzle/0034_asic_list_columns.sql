-- The document list shows each ASIC document's registration state: its changes move the firm's lists.
CREATE CONSTRAINT TRIGGER asic_applications_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.asic_applications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
