-- Missing counts and runs per game and bet class (issue 41, docs/statistics.md): the rounds since each
-- total and class last came, its longest absence and its current run, over our own drawn rounds, kept
-- up to date in each draw's transaction. Filled from the existing draws at start (domain/game/drawStatistics.ts),
-- not here: the classes' rules live in TypeScript, and the start also repairs what a node of the
-- previous version drew meanwhile.
CREATE TABLE IF NOT EXISTS "draw_statistics" (
	"game_id" smallint NOT NULL REFERENCES "games"("id"),
	"class_id" smallint NOT NULL,
	"last_round_id" bigint REFERENCES "rounds"("id"),
	"current_absence" integer DEFAULT 0 NOT NULL,
	"longest_absence" integer DEFAULT 0 NOT NULL,
	"current_run" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_statistics_game_id_class_id_pk" PRIMARY KEY ("game_id", "class_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "draw_statistics_games" (
	"game_id" smallint PRIMARY KEY NOT NULL REFERENCES "games"("id"),
	"draws" integer DEFAULT 0 NOT NULL,
	"last_round_id" bigint REFERENCES "rounds"("id")
);
--> statement-breakpoint
-- A player's streak alerts (opt-in: no row, no alert): "tell me when a run of this class in this game
-- reaches min_run", delivered as the player's own station message, at most one per player per
-- STREAK_ALERT_GAP (domain/game/streakAlerts.ts); last_sent_at is that limit's clock.
CREATE TABLE IF NOT EXISTS "streak_alerts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"game_id" smallint NOT NULL REFERENCES "games"("id"),
	"class_id" smallint NOT NULL,
	"min_run" smallint NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "streak_alerts_user_id_game_id_class_id_pk" PRIMARY KEY ("user_id", "game_id", "class_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "streak_alerts_game_idx" ON "streak_alerts" ("game_id", "class_id");
