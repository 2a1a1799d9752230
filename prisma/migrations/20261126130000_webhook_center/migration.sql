-- The webhook center (issue 20): every callback searchable by destination, each attempt's
-- signature and response headers, replays, endpoint health with pause (dead letters), and the
-- per-account settings for pausing and pacing.

-- Where a callback goes, computed by the database so every writer (Prisma, COPY, benches) agrees:
-- the host (lower case, without port) for the filter, and the endpoint (scheme://authority/path,
-- no query) that health, pause and pace are kept for.
ALTER TABLE "callbacks" ADD COLUMN "host" TEXT GENERATED ALWAYS AS (lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)'))) STORED;
ALTER TABLE "callbacks" ADD COLUMN "endpoint" TEXT GENERATED ALWAYS AS (lower(substring("url" from '^([A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)')) || coalesce(nullif(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), ''), '/')) STORED;
-- Who asked for the latest replay (its attempts carry it), and the bulk replay it belongs to.
ALTER TABLE "callbacks" ADD COLUMN "replayed_by" TEXT;
ALTER TABLE "callbacks" ADD COLUMN "replay_id" UUID;

ALTER TABLE "callback_attempts" ADD COLUMN "signature" TEXT NOT NULL DEFAULT '';
ALTER TABLE "callback_attempts" ADD COLUMN "response_headers" JSONB;
ALTER TABLE "callback_attempts" ADD COLUMN "replayed_by" TEXT;

-- The log's keyset order (created_at, id) per account; replaces the (account_id, created_at) one.
DROP INDEX "callbacks_account_id_created_at_idx";
CREATE INDEX "callbacks_account_id_created_at_id_idx" ON "callbacks"("account_id", "created_at", "id");
CREATE INDEX "callbacks_account_id_host_created_at_id_idx" ON "callbacks"("account_id", "host", "created_at", "id");
-- Everything not delivered (pending, retrying, failed, paused): small, and a delivered callback
-- leaves it, so the sending path's update to 'delivered' adds no entry here.
CREATE INDEX "callbacks_unsettled_idx" ON "callbacks"("account_id", "created_at", "id") WHERE "state" <> 'delivered';
-- Dead letters of one endpoint, in the order they are resumed.
CREATE INDEX "callbacks_paused_idx" ON "callbacks"("account_id", "endpoint", "created_at", "id") WHERE "state" = 'paused';
CREATE INDEX "callbacks_replay_id_idx" ON "callbacks"("replay_id") WHERE "replay_id" IS NOT NULL;

CREATE TABLE "webhook_endpoints" (
    "account_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "failing_since" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "last_status" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT NOT NULL DEFAULT '',
    "paused_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("account_id", "endpoint")
);
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_settings" (
    "account_id" UUID NOT NULL,
    "pause_after_failures" INTEGER NOT NULL DEFAULT 20,
    "pause_after_minutes" INTEGER NOT NULL DEFAULT 10,
    "max_concurrency" INTEGER NOT NULL DEFAULT 100,
    "max_per_second" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_settings_pkey" PRIMARY KEY ("account_id")
);
ALTER TABLE "webhook_settings" ADD CONSTRAINT "webhook_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_replays" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "requested_by" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "total" INTEGER NOT NULL,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "queued_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_replays_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_replays_account_id_created_at_idx" ON "webhook_replays"("account_id", "created_at");
ALTER TABLE "webhook_replays" ADD CONSTRAINT "webhook_replays_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
