-- The round's rhythm in the room chat and the accepted-bets list (docs/chat.md, docs/design.md#the-accepted-bets-list).
-- Once betting has closed and the last bet in flight committed, each room's list of the round's
-- accepted bets is built once: its count and SHA-256 per room (round_room_lists, kept after the chat's
-- retention so the check outlives the post), its rows with the nicknames masked as they were then
-- (round_list_rows: a later change of nickname does not change the list), and the round marked
-- (rounds.bets_listed_at), which the bet statements read so that no bet is accepted once its list is out.
-- Each system post of a round is stored once per room, whichever node posts it: a unique index on the
-- post's `data.post` (`<round id>:<step>`).
ALTER TABLE "rounds" ADD COLUMN IF NOT EXISTS "bets_listed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "round_room_lists" (
	"round_id" bigint NOT NULL REFERENCES "rounds"("id"),
	"room_id" integer NOT NULL REFERENCES "rooms"("id"),
	"bet_count" integer NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("round_id", "room_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "round_list_rows" (
	"round_id" bigint NOT NULL,
	"room_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "orders"("id"),
	"nickname" text NOT NULL,
	PRIMARY KEY ("round_id", "room_id", "seq"),
	FOREIGN KEY ("round_id", "room_id") REFERENCES "round_room_lists"("round_id", "room_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chat_messages_round_post_uq" ON "chat_messages" ("room_id", ("data"->>'post')) WHERE "kind" = 'system';
