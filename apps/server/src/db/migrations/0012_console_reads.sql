-- The console's reads on a large history: the money dashboard's dated figures by index, and its closed days kept.
CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_settled_idx" ON "orders" USING btree ("settled_at") WHERE "settled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_type_time_idx" ON "ledger" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_reviewed_idx" ON "deposits" USING btree ("reviewed_at") WHERE "status" = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_reviewed_idx" ON "withdrawals" USING btree ("reviewed_at") WHERE "status" = 1;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "money_days" (
	"time_zone" text NOT NULL,
	"day" text NOT NULL,
	"deposits" bigint NOT NULL,
	"withdrawals" bigint NOT NULL,
	"gifts" bigint NOT NULL,
	"stakes" bigint NOT NULL,
	"payouts" bigint NOT NULL,
	"players" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_days_pk" PRIMARY KEY ("time_zone","day")
);
