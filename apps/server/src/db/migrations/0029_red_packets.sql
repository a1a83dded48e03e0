-- Red packets (issue 41, docs/red-packets.md): packets of the house's money dropped into a room, split
-- from a seed whose SHA-256 is published with the packet, claimed once per player, paid as ledger type 13.
--
-- The promotions budget is its own append-only ledger of the house's money, not a house player account:
-- the ledger's rows and the users table belong to players, and a house account would have to be left out
-- of every player list, count, export, search and reconciliation by hand. One row holds the balance
-- (locked by every movement), each movement says what it changed and the balance after it.
CREATE TABLE IF NOT EXISTS "promotion_budget" (
  "id" smallint PRIMARY KEY NOT NULL DEFAULT 1,
  "balance" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "promotion_budget_one_ck" CHECK ("id" = 1),
  CONSTRAINT "promotion_budget_balance_ck" CHECK ("balance" >= 0)
);
--> statement-breakpoint
INSERT INTO "promotion_budget" ("id", "balance") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "red_packets" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "room_id" integer NOT NULL REFERENCES "rooms"("id"),
  "total" bigint NOT NULL,
  "shares" integer NOT NULL,
  -- Secret until the packet closes (empty or expired); its hash is published from the start.
  "seed" text NOT NULL,
  "seed_hash" text NOT NULL,
  -- 'money' = cash to the balance; 'score' = bonus money to stored funds with a wagering requirement of share × wager_multiple.
  "wallet" text NOT NULL DEFAULT 'money',
  "wager_multiple" smallint NOT NULL DEFAULT 0,
  -- Who qualifies besides being a member: money at risk of at least min_at_risk over the last at_risk_days days (0 = any member).
  "min_at_risk" bigint NOT NULL DEFAULT 0,
  "at_risk_days" smallint NOT NULL DEFAULT 0,
  "greeting" text NOT NULL DEFAULT '',
  "opens_at" timestamp with time zone NOT NULL,
  "closes_at" timestamp with time zone NOT NULL,
  "claimed" integer NOT NULL DEFAULT 0,
  "paid" bigint NOT NULL DEFAULT 0,
  -- Set once, when the packet is emptied or, after closes_at, when the rest goes back to the budget.
  "closed_at" timestamp with time zone,
  "returned" bigint NOT NULL DEFAULT 0,
  "claims_hash" text,
  "announced" boolean NOT NULL DEFAULT false,
  "created_by" integer NOT NULL REFERENCES "operators"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "red_packets_shares_ck" CHECK ("shares" BETWEEN 1 AND 500 AND "total" >= "shares"),
  CONSTRAINT "red_packets_wallet_ck" CHECK (("wallet" = 'money' AND "wager_multiple" = 0) OR ("wallet" = 'score' AND "wager_multiple" BETWEEN 0 AND 50)),
  CONSTRAINT "red_packets_window_ck" CHECK ("closes_at" > "opens_at"),
  CONSTRAINT "red_packets_qualify_ck" CHECK ("min_at_risk" >= 0 AND "at_risk_days" BETWEEN 0 AND 90),
  CONSTRAINT "red_packets_claimed_ck" CHECK ("claimed" BETWEEN 0 AND "shares" AND "paid" BETWEEN 0 AND "total"),
  CONSTRAINT "red_packets_returned_ck" CHECK ("returned" >= 0 AND "paid" + "returned" <= "total")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packets_room_idx" ON "red_packets" ("room_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packets_open_idx" ON "red_packets" ("closes_at") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "red_packet_claims" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "packet_id" bigint NOT NULL REFERENCES "red_packets"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "claim_no" integer NOT NULL,
  "amount" bigint NOT NULL,
  -- The claimant's name masked as the feeds mask it, as it was when the claim was made (the published sequence).
  "nickname" text NOT NULL,
  "wager_required" bigint NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "red_packet_claims_amount_ck" CHECK ("amount" > 0 AND "claim_no" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "red_packet_claims_player_uq" ON "red_packet_claims" ("packet_id", "user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "red_packet_claims_number_uq" ON "red_packet_claims" ("packet_id", "claim_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "red_packet_claims_user_idx" ON "red_packet_claims" ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "promotion_budget_movements" (
  "id" bigserial PRIMARY KEY NOT NULL,
  -- 'top_up' (+, by an operator), 'packet' (− the packet's total, when it is dropped), 'return' (+ what a packet left unclaimed).
  "kind" text NOT NULL,
  "amount" bigint NOT NULL,
  "balance_after" bigint NOT NULL,
  "packet_id" bigint REFERENCES "red_packets"("id"),
  "operator_id" integer REFERENCES "operators"("id"),
  "note" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotion_budget_movements_kind_ck" CHECK (
    ("kind" = 'top_up' AND "amount" > 0 AND "packet_id" IS NULL AND "operator_id" IS NOT NULL)
    OR ("kind" = 'packet' AND "amount" < 0 AND "packet_id" IS NOT NULL)
    OR ("kind" = 'return' AND "amount" > 0 AND "packet_id" IS NOT NULL)),
  CONSTRAINT "promotion_budget_movements_after_ck" CHECK ("balance_after" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "promotion_budget_movements_packet_uq" ON "promotion_budget_movements" ("packet_id", "kind") WHERE "packet_id" IS NOT NULL;
--> statement-breakpoint
-- Accounts linked to operators (staff, their relatives, test accounts) never receive a share.
CREATE TABLE IF NOT EXISTS "operator_linked_players" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "operator_id" integer NOT NULL REFERENCES "operators"("id"),
  "note" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION promotion_budget_movements_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'promotion budget movements are never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER promotion_budget_movements_append_only BEFORE UPDATE OR DELETE ON "promotion_budget_movements"
  FOR EACH ROW EXECUTE FUNCTION promotion_budget_movements_guard();--> statement-breakpoint
CREATE TRIGGER promotion_budget_movements_no_truncate BEFORE TRUNCATE ON "promotion_budget_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION promotion_budget_movements_guard();
