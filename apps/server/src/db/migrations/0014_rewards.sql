-- Rewards (issue 25): campaigns of one model, their claims made unique per campaign, player and period, and the promotions opt-out.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "promotions_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"terms_text" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_kind_check" CHECK ("kind" in ('rakeback', 'first_deposit', 'check_in'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reward_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL REFERENCES "campaigns"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"wager_required" bigint DEFAULT 0 NOT NULL,
	"streak_day" smallint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_claims_amount_check" CHECK ("amount" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reward_claims_once_uq" ON "reward_claims" USING btree ("campaign_id","user_id","period");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_claims_user_idx" ON "reward_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_claims_campaign_time_idx" ON "reward_claims" USING btree ("campaign_id","created_at");
