-- Read-your-writes on replicas (issue 38, docs/operations.md "Reads from replicas"): the WAL position
-- after a player's last write commit, kept on the player's live sessions; a replica serves the
-- player's history only once it has replayed past it.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "commit_lsn" pg_lsn;
