-- Nothing to farm (issue 42, docs/design.md "Rewards"): rakeback's top tier and the referral levels together stay below
-- the house edge, and campaigns of one kind never overlap. Rows already breaking either rule are put right first.
--
-- The referral settings in force over a stretch of time: each row from its operator-day until the next row's, the
-- defaults (25 % level 1, level 2 off: domain/referral/settings.ts) before the first. What counts is what is paid:
-- nothing while the programme is off, level 2 only while it is on. The database does not know the operator's time
-- zone, so each stretch is widened by a day either side (every zone is within 14 hours of UTC).
CREATE OR REPLACE FUNCTION "referral_share_windows"() RETURNS TABLE ("referral_bp" integer, "from_at" timestamptz, "to_at" timestamptz)
LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN s.enabled THEN s.rate1_bp + CASE WHEN s.level2 THEN s.rate2_bp ELSE 0 END ELSE 0 END,
		((s.effective_day::date - 1)::timestamp AT TIME ZONE 'UTC'),
		coalesce(((lead(s.effective_day) OVER (ORDER BY s.effective_day))::date + 1)::timestamp AT TIME ZONE 'UTC', 'infinity'::timestamptz)
	FROM referral_settings s
	UNION ALL
	SELECT 2500, '-infinity'::timestamptz,
		coalesce(((SELECT min(effective_day) FROM referral_settings)::date + 1)::timestamp AT TIME ZONE 'UTC', 'infinity'::timestamptz)
$$;--> statement-breakpoint
-- Every enabled rakeback campaign with its top tier's rate and the highest referral share paid while it runs.
CREATE OR REPLACE FUNCTION "rakeback_edge_shares"() RETURNS TABLE ("campaign_id" integer, "top_bp" integer, "referral_bp" integer)
LANGUAGE sql STABLE AS $$
	SELECT c.id, (SELECT max((t->>'rate_bp')::int) FROM jsonb_array_elements(c.terms->'tiers') t), max(w.referral_bp)
	FROM campaigns c JOIN referral_share_windows() w
		ON c.starts_at < w.to_at AND w.from_at < greatest(c.starts_at, coalesce(c.ends_at, 'infinity'::timestamptz))
	WHERE c.kind = 'rakeback' AND c.enabled
	GROUP BY c.id
$$;--> statement-breakpoint
-- Existing rows. Campaigns of one kind overlapping an older enabled one are turned off (kept, with their claims;
-- the console can give them other dates and turn them on again).
DO $$
DECLARE c record;
BEGIN
	FOR c IN SELECT id, kind, tstzrange(starts_at, greatest(starts_at, coalesce(ends_at, 'infinity'::timestamptz))) AS period
		FROM campaigns WHERE enabled ORDER BY id
	LOOP
		IF EXISTS (SELECT 1 FROM campaigns k WHERE k.enabled AND k.kind = c.kind AND k.id < c.id
			AND tstzrange(k.starts_at, greatest(k.starts_at, coalesce(k.ends_at, 'infinity'::timestamptz))) && c.period) THEN
			UPDATE campaigns SET enabled = false, updated_at = now() WHERE id = c.id;
		END IF;
	END LOOP;
END $$;--> statement-breakpoint
-- A rakeback whose top tier with the referral reaches the edge has its tiers lowered to the most allowed (one basis
-- point below the edge); one the referral alone leaves no room for is turned off.
UPDATE campaigns c SET updated_at = now(), terms = jsonb_set(c.terms, '{tiers}', (
	SELECT jsonb_agg(jsonb_set(t, '{rate_bp}', to_jsonb(least((t->>'rate_bp')::int, 9999 - x.referral_bp))) ORDER BY n)
	FROM jsonb_array_elements(c.terms->'tiers') WITH ORDINALITY AS e(t, n)))
FROM rakeback_edge_shares() x
WHERE x.campaign_id = c.id AND x.top_bp + x.referral_bp >= 10000 AND x.referral_bp < 9999;--> statement-breakpoint
UPDATE campaigns c SET enabled = false, updated_at = now()
FROM rakeback_edge_shares() x WHERE x.campaign_id = c.id AND x.referral_bp >= 9999;--> statement-breakpoint
-- One campaign of a kind at a time, scheduled ones included: an exclusion constraint per kind on the enabled
-- campaigns' periods (an end before the start, a scheduled campaign ended early, is an empty period). A range
-- type's own GiST operators: no btree_gist needed, the same on PGlite and PostgreSQL.
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_rakeback_one_at_a_time" EXCLUDE USING gist
	(tstzrange("starts_at", greatest("starts_at", coalesce("ends_at", 'infinity'::timestamptz))) WITH &&) WHERE ("kind" = 'rakeback' AND "enabled");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_first_deposit_one_at_a_time" EXCLUDE USING gist
	(tstzrange("starts_at", greatest("starts_at", coalesce("ends_at", 'infinity'::timestamptz))) WITH &&) WHERE ("kind" = 'first_deposit' AND "enabled");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_check_in_one_at_a_time" EXCLUDE USING gist
	(tstzrange("starts_at", greatest("starts_at", coalesce("ends_at", 'infinity'::timestamptz))) WITH &&) WHERE ("kind" = 'check_in' AND "enabled");--> statement-breakpoint
-- Rakeback's top tier + referral level 1 + level 2 below 100 % of the edge, checked after every change of either
-- table. Changes queue on one advisory lock: two at once (a rakeback raised while the referral is) cannot each pass
-- against what the other had not committed yet.
CREATE OR REPLACE FUNCTION "reward_edge_share_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE worst record;
BEGIN
	PERFORM pg_advisory_xact_lock(282415);
	SELECT x.top_bp, x.referral_bp INTO worst FROM rakeback_edge_shares() x
	WHERE x.top_bp + x.referral_bp >= 10000 ORDER BY x.top_bp + x.referral_bp DESC LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '23514', CONSTRAINT = 'reward_edge_share',
			MESSAGE = format('rakeback top tier %s bp + referral %s bp reach the house edge', worst.top_bp, worst.referral_bp),
			DETAIL = format('%s %s', worst.top_bp, worst.referral_bp);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "campaigns_edge_share" AFTER INSERT OR UPDATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "reward_edge_share_check"();--> statement-breakpoint
CREATE TRIGGER "referral_settings_edge_share" AFTER INSERT OR UPDATE ON "referral_settings" FOR EACH STATEMENT EXECUTE FUNCTION "reward_edge_share_check"();
