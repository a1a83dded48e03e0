-- A slip's bet message is stored once (docs/chat.md#bet-by-message), keyed by the slip's first order
-- number: the request that placed the bet writes it in one statement (insert … on conflict do nothing),
-- and a retry of that request writes it only when it is still missing, without a transaction and a lock
-- of its own (a bet by message costs what a bet from the panel costs, plus one insert).
CREATE UNIQUE INDEX IF NOT EXISTS "chat_messages_bet_slip_uq" ON "chat_messages" (("data"->'orders'->0->>'order_no')) WHERE "kind" = 'bet';
