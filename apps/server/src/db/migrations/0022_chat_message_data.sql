-- What a bet message and a post of the system carry besides their text (docs/chat.md): a bet message
-- the committed order it was made from (class, amount, order number), a system post its message key and
-- parameters, so each viewer reads it in their own language. Null for a player's message.
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "data" jsonb;
