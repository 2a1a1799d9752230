-- A one-time code's SMS keeps its text masked in `text` (what tracking, exports and the API show)
-- and the real text sealed here, for the SMSC only (lib/core/sms/secret-text.ts). Nullable
-- without a default: adding it rewrites no row.
ALTER TABLE "message_parts" ADD COLUMN "sealed_text" TEXT;
