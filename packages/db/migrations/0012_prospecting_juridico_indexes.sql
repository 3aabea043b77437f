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
CREATE INDEX "rf_estab_basico_idx" ON "rf_estabelecimentos" USING btree ("cnpj_basico");--> statement-breakpoint
CREATE INDEX "rf_estab_uf_cnae_idx" ON "rf_estabelecimentos" USING btree ("uf","cnae_principal","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_municipio_cnae_idx" ON "rf_estabelecimentos" USING btree ("municipio","cnae_principal","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_cnae_porte_idx" ON "rf_estabelecimentos" USING btree ("cnae_principal" bpchar_pattern_ops,"porte","situacao");--> statement-breakpoint
CREATE INDEX "rf_estab_cnaes_sec_idx" ON "rf_estabelecimentos" USING gin ("cnaes_secundarias");--> statement-breakpoint
CREATE INDEX "rf_socios_basico_idx" ON "rf_socios" USING btree ("cnpj_basico");--> statement-breakpoint
CREATE INDEX "rf_socios_nome_idx" ON "rf_socios" USING btree ("nome");