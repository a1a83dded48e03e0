DROP INDEX "idempotency_user_key_uq";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_user_scope_key_uq" ON "idempotency_keys" USING btree ("user_id","scope","key");