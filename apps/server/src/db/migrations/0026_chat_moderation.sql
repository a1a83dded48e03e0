-- Chat moderation (issue 36, docs/chat.md#moderation): each room's chat settings (on/off, the room muted to
-- system posts only, slow mode, the new-account gate, the pinned announcement, the clear mark), players'
-- mutes (visible or shadow, until a time, with the reason and the operator), players' reports of a
-- message (once per player per message), the operator's word and link lists, and a message's removal.
CREATE TABLE IF NOT EXISTS "chat_room_settings" (
	"room_id" integer PRIMARY KEY NOT NULL REFERENCES "rooms"("id"),
	"enabled" boolean DEFAULT true NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"gate_settled_bet" boolean DEFAULT false NOT NULL,
	"gate_account_hours" integer DEFAULT 0 NOT NULL,
	"pinned_text" text,
	"pinned_at" timestamp with time zone,
	"cleared_through" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_settings_slow_ck" CHECK ("slow_mode_seconds" BETWEEN 0 AND 3600),
	CONSTRAINT "chat_room_settings_gate_ck" CHECK ("gate_account_hours" BETWEEN 0 AND 8760)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_mutes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"shadow" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL REFERENCES "operators"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer REFERENCES "operators"("id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_mutes_user_idx" ON "chat_mutes" ("user_id", "until");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL REFERENCES "chat_messages"("id") ON DELETE CASCADE,
	"reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer REFERENCES "operators"("id"),
	"resolution" text,
	CONSTRAINT "chat_reports_once_uq" UNIQUE ("message_id", "reporter_id"),
	CONSTRAINT "chat_reports_resolution_ck" CHECK ("resolution" IS NULL OR "resolution" IN ('removed', 'dismissed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_reports_open_idx" ON "chat_reports" ("resolved_at", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_filter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links_allowed" boolean DEFAULT false NOT NULL,
	"allowed_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_filter_one_ck" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "shadow" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "removed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "removed_by" integer REFERENCES "operators"("id");
