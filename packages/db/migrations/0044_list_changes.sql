-- Lists kept in memory by the server (apps/server/src/platform/list-cache.ts, decision 0771) are
-- dropped on every instance when a statement changes a table they read: one notification per
-- statement on 'sede_changes' naming the companies whose rows it touched, delivered on commit
-- (never after a rollback; identical ones in a transaction are folded by PostgreSQL).
CREATE OR REPLACE FUNCTION sede_notify_lists() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('sede_changes', '{"t":"lists","all":true}');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT c) INTO ids FROM (SELECT company_id::text AS c FROM new_rows UNION SELECT company_id::text FROM old_rows) x;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A payload stays under NOTIFY's 8000 bytes: a statement over more companies drops every list.
  IF array_length(ids, 1) > 150 THEN
    PERFORM pg_notify('sede_changes', '{"t":"lists","all":true}');
  ELSE
    PERFORM pg_notify('sede_changes', json_build_object('t', 'lists', 'companyIds', ids)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER deals_lists_insert AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deals_lists_update AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deals_lists_delete AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deals_lists_truncate AFTER TRUNCATE ON "deals" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER organizations_lists_insert AFTER INSERT ON "organizations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER organizations_lists_update AFTER UPDATE ON "organizations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER organizations_lists_delete AFTER DELETE ON "organizations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER organizations_lists_truncate AFTER TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deal_people_lists_insert AFTER INSERT ON "deal_people" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deal_people_lists_update AFTER UPDATE ON "deal_people" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deal_people_lists_delete AFTER DELETE ON "deal_people" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER deal_people_lists_truncate AFTER TRUNCATE ON "deal_people" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_pipelines_lists_insert AFTER INSERT ON "crm_pipelines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_pipelines_lists_update AFTER UPDATE ON "crm_pipelines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_pipelines_lists_delete AFTER DELETE ON "crm_pipelines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_pipelines_lists_truncate AFTER TRUNCATE ON "crm_pipelines" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_stages_lists_insert AFTER INSERT ON "crm_stages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_stages_lists_update AFTER UPDATE ON "crm_stages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_stages_lists_delete AFTER DELETE ON "crm_stages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
--> statement-breakpoint
CREATE TRIGGER crm_stages_lists_truncate AFTER TRUNCATE ON "crm_stages" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists();
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
    PERFORM pg_notify('sede_changes', '{"t":"lists","all":true}');
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
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF array_length(ids, 1) > 150 THEN
    PERFORM pg_notify('sede_changes', '{"t":"lists","all":true}');
  ELSE
    PERFORM pg_notify('sede_changes', json_build_object('t', 'lists', 'companyIds', ids)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_lists_insert AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER user_lists_update AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER user_lists_delete AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER user_lists_truncate AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER profiles_lists_insert AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER profiles_lists_update AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER profiles_lists_delete AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
--> statement-breakpoint
CREATE TRIGGER profiles_lists_truncate AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_people();
