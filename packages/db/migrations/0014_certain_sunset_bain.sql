CREATE TABLE "canvas_board_updates" (
	"company_id" uuid NOT NULL,
	"id" bigserial PRIMARY KEY NOT NULL,
	"board_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canvas_boards" ADD COLUMN "ydoc_state" "bytea";--> statement-breakpoint
ALTER TABLE "canvas_boards" ADD COLUMN "ydoc_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "canvas_board_updates" ADD CONSTRAINT "canvas_board_updates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_board_updates" ADD CONSTRAINT "canvas_board_updates_board_id_canvas_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."canvas_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_board_updates_board_idx" ON "canvas_board_updates" USING btree ("board_id","id");--> statement-breakpoint
CREATE INDEX "canvas_board_updates_company_created_at_idx" ON "canvas_board_updates" USING btree ("company_id","created_at");