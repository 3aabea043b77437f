CREATE TABLE "sealing_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_envelopes" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"signing_order" text DEFAULT 'simultanea' NOT NULL,
	"expires_on" date NOT NULL,
	"contract_id" uuid,
	"document_file_id" uuid,
	"document_sha256" text,
	"document_pages" integer,
	"final_file_id" uuid,
	"final_sha256" text,
	"verification_code" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signature_events" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"envelope_id" uuid NOT NULL,
	"signer_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"document_sha256" text
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envelope_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text,
	"role" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"token_hash" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"code_confirmed_at" timestamp with time zone,
	"signature_text" text,
	"signature_image" text,
	"signed_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refusal_reason" text
);
--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_final_file_id_files_id_fk" FOREIGN KEY ("final_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_envelope_id_signature_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signature_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_signer_id_signature_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_envelope_id_signature_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signature_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_envelopes_company_created_at_id_idx" ON "signature_envelopes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_envelopes_code_uq" ON "signature_envelopes" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_envelopes_final_sha_uq" ON "signature_envelopes" USING btree ("final_sha256");--> statement-breakpoint
CREATE INDEX "signature_events_company_envelope_id_seq_idx" ON "signature_events" USING btree ("company_id","envelope_id","seq");--> statement-breakpoint
CREATE INDEX "signature_signers_company_envelope_id_position_idx" ON "signature_signers" USING btree ("company_id","envelope_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_token_uq" ON "signature_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_email_uq" ON "signature_signers" USING btree ("envelope_id","email");