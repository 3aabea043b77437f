CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"status_code" integer,
	"error" text,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_duration_ms" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"secret_encrypted" text NOT NULL,
	"secret_hint" text NOT NULL,
	"previous_secret_encrypted" text,
	"previous_secret_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"body" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_attempts_company_id_idx" ON "webhook_attempts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_company_endpoint_id_created_at_id_idx" ON "webhook_deliveries" USING btree ("company_id","endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_created_at_id_idx" ON "webhook_endpoints" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_company_occurred_at_idx" ON "webhook_outbox" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_outbox_unfanned_idx" ON "webhook_outbox" USING btree ("occurred_at") WHERE "webhook_outbox"."fanned_out_at" IS NULL;--> statement-breakpoint
-- Outgoing webhooks (decision 0651): the events are recorded where the data changes, by these
-- triggers, in the transaction of the change and whatever code wrote it; only when an enabled
-- endpoint of the company wants that type. The row's key fields travel as the event's `data`.
CREATE FUNCTION webhook_ts(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_wanted(company uuid, kind text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE company_id = company AND enabled AND kind = ANY (events))
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_record(company uuid, kind text, data jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_outbox (company_id, type, data) VALUES (company, kind, data);
  -- One notification per company and transaction (PostgreSQL folds identical ones).
  PERFORM pg_notify('sede_webhooks', json_build_object('t', 'webhooks', 'companyId', company)::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION webhook_on_person() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE kind text := CASE WHEN TG_OP = 'INSERT' THEN 'contact.created' ELSE 'contact.updated' END;
BEGIN
  IF NEW.deleted_at IS NULL AND webhook_wanted(NEW.company_id, kind) THEN
    PERFORM webhook_record(NEW.company_id, kind, jsonb_build_object(
      'object', 'person', 'id', NEW.id, 'name', NEW.name, 'emails', to_jsonb(NEW.emails), 'phones', to_jsonb(NEW.phones),
      'position', NEW.position, 'organizationId', NEW.organization_id, 'ownerId', NEW.owner_id, 'tags', to_jsonb(NEW.tags),
      'createdAt', webhook_ts(NEW.created_at), 'updatedAt', webhook_ts(NEW.updated_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_person_created AFTER INSERT ON people FOR EACH ROW EXECUTE FUNCTION webhook_on_person();
--> statement-breakpoint
CREATE TRIGGER webhook_person_updated AFTER UPDATE ON people FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION webhook_on_person();
--> statement-breakpoint
CREATE FUNCTION webhook_on_organization() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE kind text := CASE WHEN TG_OP = 'INSERT' THEN 'contact.created' ELSE 'contact.updated' END;
BEGIN
  IF NEW.deleted_at IS NULL AND webhook_wanted(NEW.company_id, kind) THEN
    PERFORM webhook_record(NEW.company_id, kind, jsonb_build_object(
      'object', 'organization', 'id', NEW.id, 'razaoSocial', NEW.razao_social, 'nomeFantasia', NEW.nome_fantasia, 'cnpj', NEW.cnpj,
      'email', NEW.email, 'phone', NEW.phone, 'ownerId', NEW.owner_id, 'tags', to_jsonb(NEW.tags),
      'createdAt', webhook_ts(NEW.created_at), 'updatedAt', webhook_ts(NEW.updated_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_organization_created AFTER INSERT ON organizations FOR EACH ROW EXECUTE FUNCTION webhook_on_organization();
--> statement-breakpoint
CREATE TRIGGER webhook_organization_updated AFTER UPDATE ON organizations FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION webhook_on_organization();
--> statement-breakpoint
CREATE FUNCTION webhook_deal_data(d deals) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'object', 'deal', 'id', d.id, 'title', d.title, 'valueCents', d.value_cents, 'status', d.status, 'pipelineId', d.pipeline_id,
    'stageId', d.stage_id, 'organizationId', d.organization_id, 'personId', d.person_id, 'ownerId', d.owner_id, 'source', d.source,
    'expectedCloseDate', d.expected_close_date, 'closedAt', webhook_ts(d.closed_at), 'wonReason', d.won_reason, 'lostReason', d.lost_reason,
    'createdAt', webhook_ts(d.created_at), 'updatedAt', webhook_ts(d.updated_at))
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_on_deal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF webhook_wanted(NEW.company_id, 'deal.created') THEN PERFORM webhook_record(NEW.company_id, 'deal.created', webhook_deal_data(NEW)); END IF;
    RETURN NULL;
  END IF;
  IF OLD.stage_id IS DISTINCT FROM NEW.stage_id AND webhook_wanted(NEW.company_id, 'deal.stage_changed') THEN
    PERFORM webhook_record(NEW.company_id, 'deal.stage_changed', webhook_deal_data(NEW) || jsonb_build_object('previousStageId', OLD.stage_id));
  END IF;
  IF OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('won', 'lost') AND webhook_wanted(NEW.company_id, 'deal.' || NEW.status) THEN
    PERFORM webhook_record(NEW.company_id, 'deal.' || NEW.status, webhook_deal_data(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_deal_created AFTER INSERT ON deals FOR EACH ROW EXECUTE FUNCTION webhook_on_deal();
--> statement-breakpoint
CREATE TRIGGER webhook_deal_changed AFTER UPDATE ON deals FOR EACH ROW WHEN (OLD.stage_id IS DISTINCT FROM NEW.stage_id OR OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION webhook_on_deal();
--> statement-breakpoint
CREATE FUNCTION webhook_on_quote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'quote.accepted') THEN
    PERFORM webhook_record(NEW.company_id, 'quote.accepted', jsonb_build_object(
      'object', 'quote', 'id', NEW.id, 'number', NEW.number, 'dealId', NEW.deal_id, 'organizationId', NEW.organization_id, 'personId', NEW.person_id,
      'status', NEW.status, 'totalCents', NEW.total_cents, 'validUntil', NEW.valid_until, 'answeredBy', NEW.answered_by,
      'acceptedAt', webhook_ts(NEW.accepted_at), 'createdAt', webhook_ts(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_quote_accepted AFTER UPDATE ON crm_quotes FOR EACH ROW WHEN (NEW.status = 'aceito' AND OLD.status IS DISTINCT FROM 'aceito') EXECUTE FUNCTION webhook_on_quote();
--> statement-breakpoint
CREATE FUNCTION webhook_on_receivable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'receivable.paid') THEN
    PERFORM webhook_record(NEW.company_id, 'receivable.paid', jsonb_build_object(
      'object', 'receivable', 'id', NEW.id, 'description', NEW.description, 'amountCents', NEW.amount_cents, 'paidCents', NEW.paid_cents,
      'status', NEW.status, 'dueDate', NEW.due_date, 'settledDate', NEW.settled_date, 'organizationId', NEW.organization_id, 'personId', NEW.person_id,
      'documentNumber', NEW.document_number, 'createdAt', webhook_ts(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_receivable_paid AFTER UPDATE ON fin_entries FOR EACH ROW WHEN (NEW.kind = 'receivable' AND NEW.status = 'paid' AND OLD.status IS DISTINCT FROM 'paid') EXECUTE FUNCTION webhook_on_receivable();
--> statement-breakpoint
CREATE TRIGGER webhook_receivable_paid_created AFTER INSERT ON fin_entries FOR EACH ROW WHEN (NEW.kind = 'receivable' AND NEW.status = 'paid') EXECUTE FUNCTION webhook_on_receivable();
--> statement-breakpoint
CREATE FUNCTION webhook_on_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'invoice.issued') THEN
    PERFORM webhook_record(NEW.company_id, 'invoice.issued', jsonb_build_object(
      'object', 'invoice', 'id', NEW.id, 'receivableId', NEW.entry_id, 'number', NEW.number, 'serie', NEW.serie, 'accessKey', NEW.access_key,
      'amountCents', NEW.amount_cents, 'serviceCode', NEW.service_code, 'environment', NEW.environment, 'issuedAt', webhook_ts(NEW.issued_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_invoice_issued AFTER INSERT ON nfse_invoices FOR EACH ROW WHEN (NEW.status = 'authorized') EXECUTE FUNCTION webhook_on_invoice();
--> statement-breakpoint
CREATE FUNCTION webhook_on_envelope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'document.signed') THEN
    PERFORM webhook_record(NEW.company_id, 'document.signed', jsonb_build_object(
      'object', 'envelope', 'id', NEW.id, 'title', NEW.title, 'status', NEW.status, 'contractId', NEW.contract_id,
      'sourceEntity', NEW.source_entity, 'sourceId', NEW.source_id, 'finalSha256', NEW.final_sha256,
      'verificationCode', NEW.verification_code, 'completedAt', webhook_ts(NEW.completed_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_document_signed AFTER UPDATE ON signature_envelopes FOR EACH ROW WHEN (NEW.status = 'assinado' AND OLD.status IS DISTINCT FROM 'assinado') EXECUTE FUNCTION webhook_on_envelope();
--> statement-breakpoint
CREATE FUNCTION webhook_on_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'conversation.created') THEN
    PERFORM webhook_record(NEW.company_id, 'conversation.created', jsonb_build_object(
      'object', 'conversation', 'id', NEW.id, 'channel', NEW.channel, 'status', NEW.status, 'visitorName', NEW.visitor_name,
      'visitorEmail', NEW.visitor_email, 'visitorPhone', NEW.visitor_phone, 'personId', NEW.person_id, 'assigneeId', NEW.assignee_id,
      'createdAt', webhook_ts(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_conversation_created AFTER INSERT ON inbox_conversations FOR EACH ROW EXECUTE FUNCTION webhook_on_conversation();
--> statement-breakpoint
CREATE FUNCTION webhook_on_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted(NEW.company_id, 'task.completed') THEN
    PERFORM webhook_record(NEW.company_id, 'task.completed', jsonb_build_object(
      'object', 'task', 'id', NEW.id, 'title', NEW.title, 'kind', NEW.kind, 'assigneeId', NEW.assignee_id, 'dueDate', NEW.due_date,
      'entityType', NEW.entity_type, 'entityId', NEW.entity_id, 'doneAt', webhook_ts(NEW.done_at), 'createdAt', webhook_ts(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_task_completed AFTER UPDATE ON tasks FOR EACH ROW WHEN (OLD.done_at IS NULL AND NEW.done_at IS NOT NULL) EXECUTE FUNCTION webhook_on_task();
