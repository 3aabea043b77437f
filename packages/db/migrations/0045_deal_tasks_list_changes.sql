-- The deals lists show each deal's next open activity (a task on the deal): a statement that
-- changes tasks on deals announces their companies to the lists kept in memory (decision 0771's
-- mechanism, migration 0044's announcement). Tasks of other records announce nothing.
CREATE OR REPLACE FUNCTION sede_notify_lists_deal_tasks() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sede_announce_lists(NULL, true);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM new_rows WHERE entity_type = 'deal';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id::text) INTO ids FROM old_rows WHERE entity_type = 'deal';
  ELSE
    SELECT array_agg(DISTINCT c) INTO ids FROM (
      SELECT company_id::text AS c FROM new_rows WHERE entity_type = 'deal'
      UNION SELECT company_id::text FROM old_rows WHERE entity_type = 'deal'
    ) x;
  END IF;
  PERFORM sede_announce_lists(ids);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tasks_lists_insert AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_deal_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_lists_update AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_deal_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_lists_delete AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_deal_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_lists_truncate AFTER TRUNCATE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION sede_notify_lists_deal_tasks();
