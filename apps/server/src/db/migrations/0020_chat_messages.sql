-- The chat of every room (issue 36, docs/chat.md): one timeline of player messages, bet messages and
-- posts of the system, read from an increasing id (the cursor) and pruned after CHAT_RETENTION_DAYS.
-- The text is stored as typed (trimmed), never as HTML; its limit is counted in characters (code points).
CREATE TABLE IF NOT EXISTS "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL REFERENCES "rooms"("id"),
	"user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"nickname" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_kind_ck" CHECK ("kind" IN ('player', 'bet', 'system')),
	CONSTRAINT "chat_messages_text_ck" CHECK (char_length("text") BETWEEN 1 AND 200),
	CONSTRAINT "chat_messages_author_ck" CHECK (("kind" = 'system') = ("user_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_room_idx" ON "chat_messages" ("room_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_user_time_idx" ON "chat_messages" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_time_idx" ON "chat_messages" ("created_at");
