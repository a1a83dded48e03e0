CREATE TABLE "article_views" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "article_views_article_id_day_viewer_pk" PRIMARY KEY("article_id","day","viewer")
);
--> statement-breakpoint
CREATE INDEX "article_views_day_idx" ON "article_views" USING btree ("day");