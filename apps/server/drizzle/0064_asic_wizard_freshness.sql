-- A registration row shows where its start wizard reopens (issue 33 item 5): the wizard's answers move the document lists.
CREATE CONSTRAINT TRIGGER asic_name_applications_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.asic_name_applications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
