ALTER TABLE "games" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "pending_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "title_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "pending_from" timestamp with time zone;