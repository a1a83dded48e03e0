-- Balance adjustments (issue 43, docs/design.md#balance-adjustments): an operator's signed correction of one
-- balance with a reason, posted as ledger type 12; above the operator-set amount it waits for a second
-- operator (four eyes) and a debit waiting holds its money in a pending type-12 row, as a withdrawal does.
-- A gift is reversed at most once: the partial unique index on gift_ledger_id (a rejected reversal frees it).
CREATE TABLE IF NOT EXISTS "balance_adjustments" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "wallet" text NOT NULL DEFAULT 'money',
  "amount" bigint NOT NULL,
  "reason_code" text NOT NULL,
  "public_text" text NOT NULL,
  "note" text NOT NULL DEFAULT '',
  "gift_ledger_id" bigint REFERENCES "ledger"("id"),
  "status" smallint NOT NULL DEFAULT 0,
  "ledger_id" bigint REFERENCES "ledger"("id"),
  "requested_by" integer NOT NULL REFERENCES "operators"("id"),
  "decided_by" integer REFERENCES "operators"("id"),
  "decided_at" timestamp with time zone,
  "decision_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "balance_adjustments_amount_ck" CHECK ("amount" <> 0),
  CONSTRAINT "balance_adjustments_wallet_ck" CHECK ("wallet" IN ('money', 'score')),
  CONSTRAINT "balance_adjustments_status_ck" CHECK ("status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_adjustments_user_idx" ON "balance_adjustments" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_adjustments_pending_idx" ON "balance_adjustments" ("created_at") WHERE "status" = 0;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "balance_adjustments_gift_uq" ON "balance_adjustments" ("gift_ledger_id") WHERE "gift_ledger_id" IS NOT NULL AND "status" <> 2;
