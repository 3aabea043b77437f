CREATE TABLE "rf_cnaes" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_empresas" (
	"cnpj_basico" char(8) PRIMARY KEY NOT NULL,
	"razao_social" text NOT NULL,
	"natureza_juridica" text,
	"qualificacao_responsavel" text,
	"capital_cents" bigint,
	"porte" char(2),
	"ente_federativo" text
);
--> statement-breakpoint
CREATE TABLE "rf_estabelecimentos" (
	"cnpj" char(14) PRIMARY KEY NOT NULL,
	"cnpj_basico" char(8) NOT NULL,
	"matriz_filial" smallint,
	"nome_fantasia" text,
	"situacao" char(2),
	"data_situacao" date,
	"motivo_situacao" text,
	"cidade_exterior" text,
	"pais" text,
	"data_inicio" date,
	"cnae_principal" char(7),
	"cnaes_secundarias" text[],
	"tipo_logradouro" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cep" char(8),
	"uf" char(2),
	"municipio" text,
	"ddd1" text,
	"telefone1" text,
	"ddd2" text,
	"telefone2" text,
	"ddd_fax" text,
	"fax" text,
	"email" text,
	"situacao_especial" text,
	"data_situacao_especial" date,
	"porte" char(2)
);
--> statement-breakpoint
CREATE TABLE "rf_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"establishments" bigint NOT NULL,
	"total_rows" bigint NOT NULL,
	"seconds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_motivos" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_municipios" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_naturezas" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_paises" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_qualificacoes" (
	"codigo" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rf_simples" (
	"cnpj_basico" char(8) PRIMARY KEY NOT NULL,
	"opcao_simples" char(1),
	"data_opcao_simples" date,
	"data_exclusao_simples" date,
	"opcao_mei" char(1),
	"data_opcao_mei" date,
	"data_exclusao_mei" date
);
--> statement-breakpoint
CREATE TABLE "rf_socios" (
	"cnpj_basico" char(8) NOT NULL,
	"identificador" smallint,
	"nome" text,
	"documento" text,
	"qualificacao" text,
	"data_entrada" date,
	"pais" text,
	"representante_documento" text,
	"representante_nome" text,
	"representante_qualificacao" text,
	"faixa_etaria" smallint
);
--> statement-breakpoint
CREATE TABLE "analyses" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"file_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_run_id" uuid,
	"version" integer NOT NULL,
	"result" jsonb,
	"error" text,
	"charged" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_expiry_alerts" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"end_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"organization_id" uuid,
	"person_id" uuid,
	"object" text,
	"value_cents" bigint,
	"start_date" date,
	"end_date" date,
	"automatic_renewal" boolean DEFAULT false NOT NULL,
	"notice_period_days" integer,
	"readjustment_index" text DEFAULT 'nenhum' NOT NULL,
	"status" text DEFAULT 'negotiation' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "fin_entries_company_kind_status_due_date_id_idx";--> statement-breakpoint
DROP INDEX "fin_entries_open_due_cover_idx";--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_job_run_id_job_runs_id_fk" FOREIGN KEY ("job_run_id") REFERENCES "public"."job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_expiry_alerts" ADD CONSTRAINT "contract_expiry_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_expiry_alerts" ADD CONSTRAINT "contract_expiry_alerts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rf_estab_basico_idx" ON "rf_estabelecimentos" USING btree ("cnpj_basico");--> statement-breakpoint
CREATE INDEX "rf_estab_uf_cnae_idx" ON "rf_estabelecimentos" USING btree ("uf","cnae_principal","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_municipio_cnae_idx" ON "rf_estabelecimentos" USING btree ("municipio","cnae_principal","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_cnae_porte_idx" ON "rf_estabelecimentos" USING btree ("cnae_principal" bpchar_pattern_ops,"porte","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_cnaes_sec_idx" ON "rf_estabelecimentos" USING gin ("cnaes_secundarias");--> statement-breakpoint
CREATE INDEX "rf_socios_basico_idx" ON "rf_socios" USING btree ("cnpj_basico");--> statement-breakpoint
CREATE INDEX "rf_socios_nome_idx" ON "rf_socios" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "analyses_company_subject_id_version_idx" ON "analyses" USING btree ("company_id","subject_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "analyses_subject_version_uq" ON "analyses" USING btree ("company_id","kind","subject_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_expiry_alerts_uq" ON "contract_expiry_alerts" USING btree ("contract_id","end_date","days_before");--> statement-breakpoint
CREATE INDEX "contract_expiry_alerts_company_sent_at_idx" ON "contract_expiry_alerts" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE INDEX "contracts_company_created_at_id_idx" ON "contracts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_company_end_date_idx" ON "contracts" USING btree ("company_id","end_date");--> statement-breakpoint
CREATE INDEX "fin_entries_list_cover_idx" ON "fin_entries" USING btree ("company_id","kind","status","due_date","id","amount_cents","paid_cents");--> statement-breakpoint
CREATE INDEX "fin_entries_search_idx" ON "fin_entries" USING gin (to_tsvector('simple', translate(translate("description" || ' ' || coalesce("document_number", ''), '-./', '   '), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "fin_entries_company_person_id_idx" ON "fin_entries" USING btree ("company_id","person_id");--> statement-breakpoint
CREATE INDEX "fin_entries_open_due_cover_idx" ON "fin_entries" USING btree ("company_id","due_date","kind","amount_cents","paid_cents","account_id") WHERE "fin_entries"."status" = 'open';