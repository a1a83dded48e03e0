-- The withdrawal review (issue 43): a withdrawal's risk facts name the other players who registered or
-- signed in from one of the player's addresses or devices (domain/wallet/withdrawalRisk.ts); without this
-- index, finding who else holds a mark reads every player's marks.
CREATE INDEX IF NOT EXISTS "referral_marks_hash_idx" ON "referral_marks" ("kind", "hash");
