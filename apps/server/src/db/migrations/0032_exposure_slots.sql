-- The exposure cap's reservations in slots (docs/design.md, "Exposure cap"): each outcome of a round
-- keeps its reservation in EXPOSURE_SLOTS rows, each with a quota, the quotas together never more than
-- the cap. A batch of bets raises the rows of one slot within their quotas, so batches running at once
-- take different rows instead of queueing on one per outcome; a bet that finds its slot's quota short
-- goes to the general path, which locks every slot of its outcomes, judges the whole reservation
-- against the cap and shares what is left out again. A new table, so that nodes of the previous
-- version, which write round_exposure, keep running through a rolling restart (each version then
-- judges the cap by its own table for the rounds of that window).
CREATE TABLE IF NOT EXISTS "round_exposure_slots" (
	"round_id" bigint NOT NULL REFERENCES "rounds"("id"),
	"outcome" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"reserved" bigint NOT NULL,
	"quota" bigint NOT NULL,
	"cap" bigint NOT NULL,
	CONSTRAINT "round_exposure_slots_pk" PRIMARY KEY ("round_id", "outcome", "slot"),
	CONSTRAINT "round_exposure_slots_within_quota" CHECK ("reserved" <= "quota")
);
