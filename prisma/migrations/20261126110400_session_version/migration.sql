-- A user's sessions carry the version they were signed in under; raising it (a password change
-- or reset, "sign out everywhere") ends every session signed before (lib/auth/session.ts).
ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;
