ALTER TABLE "operator_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_upload_uq" ON "deposits" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_one_pending_uq" ON "real_name_requests" USING btree ("user_id") WHERE status = 1;