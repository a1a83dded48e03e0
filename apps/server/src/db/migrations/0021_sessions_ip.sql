-- Find anything (issue 43): the console's players list filters by a sign-in address (any kept session
-- from it, domain/users/directory.ts searchUsers); without this index that filter reads every session.
CREATE INDEX IF NOT EXISTS "sessions_ip_idx" ON "sessions" ("ip");
