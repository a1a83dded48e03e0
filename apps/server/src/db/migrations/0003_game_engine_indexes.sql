CREATE INDEX "orders_open_round_idx" ON "orders" USING btree ("round_id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "rounds_undrawn_idx" ON "rounds" USING btree ("draws_at") WHERE drawn_at is null;--> statement-breakpoint
CREATE INDEX "rounds_chain_idx" ON "rounds" USING btree ("chain_id","chain_index");