-- The importer from the market's previous product (issue 37): its runs, the players it brought and their
-- source ids, the source requests it mapped, and the history it keeps apart from our own books.
CREATE TABLE IF NOT EXISTS "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cursors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_status_check" CHECK ("status" in ('running', 'done'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "import_runs_one_running_uq" ON "import_runs" USING btree ("status") WHERE "status" = 'running';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "imported_players" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"source_id" bigint NOT NULL,
	"source_username" text NOT NULL,
	"source_group" smallint NOT NULL,
	"renamed" boolean DEFAULT false NOT NULL,
	"source_inviter_id" bigint,
	"agent" text,
	"secrets_digest" text,
	"opening_money" bigint DEFAULT 0 NOT NULL,
	"opening_score" bigint DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"rename_told_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "imported_players_source_uq" ON "imported_players" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imported_players_source_name_idx" ON "imported_players" USING btree ("source_username");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "import_map" (
	"entity" text NOT NULL,
	"source_id" text NOT NULL,
	"our_id" bigint NOT NULL,
	CONSTRAINT "import_map_pk" PRIMARY KEY ("entity","source_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "legacy_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" bigint NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"order_no" text NOT NULL,
	"game_id" smallint NOT NULL,
	"room_id" integer,
	"room_title" text NOT NULL,
	"issue" text NOT NULL,
	"play_type" smallint,
	"play_name" text NOT NULL,
	"odds" numeric(12, 4) NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"status" smallint NOT NULL,
	"whether_hit" smallint NOT NULL,
	"lottery_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "legacy_orders_source_uq" ON "legacy_orders" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legacy_orders_user_time_idx" ON "legacy_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "legacy_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" bigint NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"cash_after" bigint NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "legacy_ledger_source_uq" ON "legacy_ledger" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legacy_ledger_user_time_idx" ON "legacy_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "legacy_draws" (
	"game_id" smallint NOT NULL,
	"issue" text NOT NULL,
	"digit1" smallint NOT NULL,
	"digit2" smallint NOT NULL,
	"digit3" smallint NOT NULL,
	"total" smallint NOT NULL,
	CONSTRAINT "legacy_draws_pk" PRIMARY KEY ("game_id","issue")
);
