-- A change of a company's balance alone (every coin debit) is flagged, so caches can update the
-- balance in place instead of reloading everyone of that company.
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
    PERFORM pg_notify('sede_changes', json_build_object(
      't', 'company', 'companyId', rec.id, 'currencyAmount', rec.currency_amount,
      'balanceOnly', TG_OP = 'UPDATE'
        AND (to_jsonb(NEW) - 'currency_amount' - 'updated_at') = (to_jsonb(OLD) - 'currency_amount' - 'updated_at')
    )::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
