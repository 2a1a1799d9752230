-- Cost and margin per connector and country (issue 16) for the reporting home's administrators:
-- the hourly rollup (lib/core/reports/report-rollup.ts) also sums each hour's outbound parts per
-- account, connector and country, from the same grouped scan as report_hours.

CREATE TABLE "report_hour_connectors" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "account_id" UUID NOT NULL,
    -- The nil uuid for parts no connector carried (a key column cannot be null).
    "connector_id" UUID NOT NULL,
    "country" TEXT NOT NULL,
    "parts" INTEGER NOT NULL,
    -- Parts neither Failed nor Unsent: those are refunded to the account and cost nothing, so
    -- only these count in price and cost.
    "billed" INTEGER NOT NULL,
    "price_micros" BIGINT NOT NULL,
    "cost_micros" BIGINT NOT NULL,

    CONSTRAINT "report_hour_connectors_pkey" PRIMARY KEY ("hour","account_id","connector_id","country")
);

-- Hours rolled up before this table existed have no rows in it: forget them, so the rollup job
-- computes them again (newest first) and readers count them live until it has.
DELETE FROM "report_rollups";
