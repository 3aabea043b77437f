ALTER TABLE "fin_statement_imports" ADD COLUMN "ledger_balance_cents" bigint;--> statement-breakpoint
ALTER TABLE "fin_statement_imports" ADD COLUMN "ledger_balance_date" date;