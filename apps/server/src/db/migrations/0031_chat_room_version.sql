-- A room's chat state carries a version, raised by every operator change (docs/chat.md#live-room-state):
-- a viewer keeps the newest state it has heard, whether chat.list answered it or the stream pushed it,
-- so a list answer computed before a change and arriving after its push cannot undo it. A counter, not
-- the change's time: two nodes' clocks may disagree.
ALTER TABLE "chat_room_settings" ADD COLUMN IF NOT EXISTS "version" bigint DEFAULT 0 NOT NULL;
