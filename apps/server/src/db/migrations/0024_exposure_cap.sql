-- The house's exposure cap per round (docs/design.md, "Exposure cap"): an operator's limit on the game
-- (cents, 0 = off) and, per round, one reservation row per outcome class (a total with its digit
-- pattern) that bets winning on it raise by a conditional update, so bets on other outcomes never wait
-- on each other. Only additions: nodes of the previous version ignore both.
ALTER TABLE "games" ADD COLUMN IF NOT EXISTS "exposure_cap" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "round_exposure" (
	"round_id" bigint NOT NULL REFERENCES "rounds"("id"),
	"outcome" smallint NOT NULL,
	"reserved" bigint NOT NULL,
	"cap" bigint NOT NULL,
	CONSTRAINT "round_exposure_pk" PRIMARY KEY ("round_id", "outcome")
);
