-- Short links expire (issue 21: "expired or unknown codes get a small, friendly page"). Each link
-- has its own end, written with it: its message's creation plus the lifetime its request or
-- campaign asked for (trackLinksTtlDays), else the platform's SHORT_LINK_TTL_DAYS (default 90,
-- as Twilio keeps its shortened links). An expired code answers 410 Gone with a small page.

-- Links written before this migration get the default lifetime from their creation.
ALTER TABLE "short_links" ADD COLUMN "expires_at" TIMESTAMPTZ(3);
UPDATE "short_links" SET "expires_at" = "created_at" + interval '90 days';
ALTER TABLE "short_links" ALTER COLUMN "expires_at" SET NOT NULL;

-- The retention run deletes an account's links that have expired and are older than its window
-- (lib/core/links/prune-short-links.ts), by account and creation time.
CREATE INDEX "short_links_account_id_created_at_idx" ON "short_links" ("account_id", "created_at");

-- The lifetime in days of a campaign's short links (trackLinks), fixed when it is created or
-- updated; null without trackLinks.
ALTER TABLE "campaigns" ADD COLUMN "link_ttl_days" INTEGER;
UPDATE "campaigns" SET "link_ttl_days" = 90 WHERE "track_links";
