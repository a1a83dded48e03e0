-- The referral programme (issue 24): the abuse flag set at registration, hashed IPs and device ids of members,
-- the programme's settings by the day they apply from, each computed operator-day and its commission rows.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "referral_flag" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referral_marks" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_marks_pk" PRIMARY KEY ("user_id","kind","hash")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referral_settings" (
	"effective_day" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"rate1_bp" integer NOT NULL,
	"rate2_bp" integer NOT NULL,
	"level2" boolean NOT NULL,
	"min_payout" bigint NOT NULL,
	"operator_id" integer REFERENCES "operators"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referral_days" (
	"day" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"enabled" boolean NOT NULL,
	"rate1_bp" integer NOT NULL,
	"rate2_bp" integer NOT NULL,
	"level2" boolean NOT NULL,
	"min_payout" bigint NOT NULL,
	"excluded_invitees" integer[] DEFAULT '{}' NOT NULL,
	"run_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referral_commissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" text NOT NULL REFERENCES "referral_days"("day"),
	"referrer_id" integer NOT NULL REFERENCES "users"("id"),
	"pot" smallint NOT NULL,
	"orders" integer NOT NULL,
	"stakes" bigint NOT NULL,
	"edge1" numeric NOT NULL,
	"edge2" numeric NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint NOT NULL,
	"hold_reason" text,
	"ledger_id" bigint REFERENCES "ledger"("id"),
	"decided_by" integer REFERENCES "operators"("id"),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "referral_commissions_referrer_day_pot_uq" ON "referral_commissions" USING btree ("referrer_id","day","pot");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referral_commissions_day_idx" ON "referral_commissions" USING btree ("day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referral_commissions_open_idx" ON "referral_commissions" USING btree ("referrer_id") WHERE "status" in (0, 2);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_commission_uq" ON "ledger" USING btree ("ref_id") WHERE "type" = 5;
