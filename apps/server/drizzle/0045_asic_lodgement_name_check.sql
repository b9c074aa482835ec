-- A submit that checks the application's name again before lodging holds the application until
-- then: a second submit at once waits for it instead of checking the same name beside it (issue 29).
ALTER TABLE "asic_applications" ADD COLUMN "name_check_until" timestamp with time zone;
