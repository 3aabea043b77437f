-- Every change that a cache or an open page must see is announced on the channel
-- 'sede_changes', so every server instance (they all LISTEN) evicts or relays it within
-- milliseconds, whatever wrote the row.
CREATE OR REPLACE FUNCTION sede_notify_change() RETURNS trigger AS $$
DECLARE
  rec record;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('sede_changes', json_build_object('t', 'session', 'token', rec.token, 'userId', rec.user_id)::text);
  ELSIF TG_TABLE_NAME = 'user' OR TG_TABLE_NAME = 'profiles' THEN
    PERFORM pg_notify('sede_changes', json_build_object('t', 'user', 'userId', rec.id)::text);
  ELSIF TG_TABLE_NAME = 'company_members' THEN
    PERFORM pg_notify('sede_changes', json_build_object('t', 'member', 'userId', rec.user_id, 'companyId', rec.company_id)::text);
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('sede_changes', json_build_object('t', 'company', 'companyId', rec.id, 'currencyAmount', rec.currency_amount)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_changes AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION sede_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_changes AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION sede_notify_change();
--> statement-breakpoint
CREATE TRIGGER profiles_changes AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION sede_notify_change();
--> statement-breakpoint
CREATE TRIGGER company_members_changes AFTER INSERT OR UPDATE OR DELETE ON "company_members" FOR EACH ROW EXECUTE FUNCTION sede_notify_change();
--> statement-breakpoint
CREATE TRIGGER companies_changes AFTER UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION sede_notify_change();
--> statement-breakpoint
-- profiles.id is the user's id: the profile row is created in the same statement as the user.
CREATE OR REPLACE FUNCTION sede_create_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (id, email, first_name, last_name)
  VALUES (NEW.id, lower(NEW.email), NULLIF(NEW.first_name, ''), NULLIF(NEW.last_name, ''))
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_create_profile AFTER INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION sede_create_profile();
