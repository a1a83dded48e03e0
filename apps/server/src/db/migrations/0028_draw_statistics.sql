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
