-- Payouts in the player's own name (issue 42): whether a bank card's holder was found to be the player's verified real name (when bound, or when the name was verified later). Cards bound before this were never compared: false.
ALTER TABLE "pay_accounts" ADD COLUMN IF NOT EXISTS "holder_checked" boolean DEFAULT false NOT NULL;
