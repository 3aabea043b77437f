-- Lists kept in memory by the server (apps/server/src/platform/list-cache.ts, decision 0771) are
-- dropped on every instance when a statement changes a table they read: one notification per
-- statement on 'sede_changes' naming the companies whose rows it touched, delivered on commit
-- (never after a rollback; identical ones in a transaction are folded by PostgreSQL).
-- The announcement of a statement's companies: a payload stays under NOTIFY's 8000 bytes, so a
-- statement over more than 150 companies (or NULL: everything) drops every list.
CREATE OR REPLACE FUNCTION sede_announce_lists(ids text[], everything boolean DEFAULT false) RETURNS void AS $$
BEGIN
  IF everything OR array_length(ids, 1) > 150 THEN
    PERFORM pg_notify('sede_changes', '{"t":"lists","all":true}');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('sede_changes', json_build_object('t', 'lists', 'companyIds', ids)::text);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sede_notify_lists() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sede_announce_lists(NULL, true);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT c) INTO ids FROM (SELECT company_id::text AS c FROM new_rows UNION SELECT company_id::text FROM old_rows) x;
  END IF;
  PERFORM sede_announce_lists(ids);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every table the deals lists read, its four statement triggers (insert, update, delete, truncate).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deals', 'organizations', 'deal_people', 'crm_pipelines', 'crm_stages'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists()', t || '_lists_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists()', t || '_lists_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists()', t || '_lists_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists()', t || '_lists_truncate', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- A person's name is shown in the lists of every company they belong to (the deal's owner): a
-- change of the name columns of "user" or profiles announces those companies. Other columns
-- (profiles.last_login_at on every sign-in, the current company…) announce nothing; a person
-- deleted drops every company's lists.
CREATE OR REPLACE FUNCTION sede_notify_lists_people() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    PERFORM sede_announce_lists(NULL, true);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT m.company_id::text) INTO ids FROM new_rows n JOIN company_members m ON m.user_id = n.id;
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    SELECT array_agg(DISTINCT m.company_id::text) INTO ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN company_members m ON m.user_id = n.id
      WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name);
  ELSE
    SELECT array_agg(DISTINCT m.company_id::text) INTO ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN company_members m ON m.user_id = n.id
      WHERE (n.name, n.email) IS DISTINCT FROM (o.name, o.email);
  END IF;
  PERFORM sede_announce_lists(ids);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user', 'profiles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people()', t || '_lists_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people()', t || '_lists_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people()', t || '_lists_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people()', t || '_lists_truncate', t);
  END LOOP;
END;
$$;
