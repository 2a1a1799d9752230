-- The reporting home's hourly rollup: outbound parts per account, hour, country and network,
-- counted by final status and priced, and their delivery latencies. report_rollups says which
-- hours are rolled up and when; a job keeps recent hours fresh (lib/core/reports/report-rollup.ts).

-- CreateTable
CREATE TABLE "report_hours" (
    "account_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "country" TEXT NOT NULL,
    "mcc" TEXT NOT NULL,
    "mnc" TEXT NOT NULL,
    "operator" TEXT NOT NULL,
    "parts" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "undelivered" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "unsent" INTEGER NOT NULL,
    "price_micros" BIGINT NOT NULL,

    CONSTRAINT "report_hours_pkey" PRIMARY KEY ("account_id","hour","country","mcc","mnc","operator")
);

-- CreateTable
CREATE TABLE "report_hour_latency" (
    "account_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "bucket" SMALLINT NOT NULL,
    "parts" INTEGER NOT NULL,

    CONSTRAINT "report_hour_latency_pkey" PRIMARY KEY ("account_id","hour","bucket")
);

-- CreateTable
CREATE TABLE "report_rollups" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "report_rollups_pkey" PRIMARY KEY ("hour")
);

-- An hour's parts of every account, found without a per-account index: parts arrive in time
-- order, so a BRIN index (a few pages) narrows the scan to the hour's blocks.
CREATE INDEX "message_parts_created_at_brin" ON "message_parts" USING BRIN ("created_at");
