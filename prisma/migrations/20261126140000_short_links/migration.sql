-- Short links in SMS with per-recipient click tracking (issue 21). Every http(s) URL of a body
-- sent with trackLinks becomes {SHORT_LINK_BASE}/{code}: one short_links row per recipient and
-- link, written in the statement that stores the message (a campaign's batch, or POST /sms).
-- Codes are a keyed permutation of numbers reserved from short_link_counter
-- (lib/core/links/link-codes.ts), so they are unique without a round trip per recipient.

CREATE TABLE "short_links" (
    "code" TEXT NOT NULL,
    "message_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "campaign_id" UUID,
    -- The link's place in the body (0 for the first URL).
    "position" INTEGER NOT NULL,
    -- Where it leads: the URL that was in the message (with the campaign's UTM parameters).
    "url" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    -- Link previews and prefetchers (messengers, scanners, HEAD requests): counted apart.
    "prefetches" INTEGER NOT NULL DEFAULT 0,
    "first_click_at" TIMESTAMPTZ(3),
    "last_click_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "short_links_pkey" PRIMARY KEY ("code")
);
CREATE INDEX "short_links_message_id_idx" ON "short_links" ("message_id");
CREATE INDEX "short_links_campaign_id_idx" ON "short_links" ("campaign_id", "position") WHERE "campaign_id" IS NOT NULL;

-- Every visit of a short link, written in batches by the redirect (lib/core/links/click-writer.ts).
CREATE TABLE "link_clicks" (
    "id" BIGSERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "message_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "campaign_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "prefetch" BOOLEAN NOT NULL DEFAULT false,
    "method" TEXT NOT NULL DEFAULT 'GET',
    "user_agent" TEXT NOT NULL DEFAULT '',
    -- A keyed hash of the client's address: who clicked twice, without keeping the address.
    "ip_hash" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "link_clicks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "link_clicks_message_id_at_idx" ON "link_clicks" ("message_id", "at");
CREATE INDEX "link_clicks_campaign_id_at_idx" ON "link_clicks" ("campaign_id", "at") WHERE "campaign_id" IS NOT NULL;

-- The next number to hand out; a campaign reserves all of its links' numbers in one UPDATE.
CREATE TABLE "short_link_counter" (
    "id" INTEGER NOT NULL,
    "next" BIGINT NOT NULL,

    CONSTRAINT "short_link_counter_pkey" PRIMARY KEY ("id")
);
INSERT INTO "short_link_counter" ("id", "next") VALUES (1, 0);

-- A campaign's recipients keep their links ([[code, url], ...]) beside their text, for the batch
-- that stores their messages to write the short_links rows.
ALTER TABLE "campaign_recipients" ADD COLUMN "links" JSONB;

ALTER TABLE "campaigns" ADD COLUMN "track_links" BOOLEAN NOT NULL DEFAULT false;
-- UTM parameters added to every link of the campaign ({"source": "sms", ...}), or null.
ALTER TABLE "campaigns" ADD COLUMN "utm" JSONB;
