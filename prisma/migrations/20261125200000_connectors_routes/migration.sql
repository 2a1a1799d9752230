-- Carriers and routing (issue 16): named SMPP connections, routing rules, each connection's live
-- status as its workers report it, the cost of a part per connector and country, and on every
-- part the connector that carried it, its cost and the hops that led there.

CREATE TABLE "connectors" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "name" TEXT NOT NULL,
  "host" TEXT NOT NULL,
  "port" INTEGER NOT NULL,
  "system_id" TEXT NOT NULL DEFAULT '',
  -- AES-256-GCM under a key derived from AUTH_SECRET (lib/core/secrets/seal.ts); never returned.
  "password_sealed" TEXT NOT NULL DEFAULT '',
  "system_type" TEXT NOT NULL DEFAULT '',
  "bind_mode" TEXT NOT NULL DEFAULT 'transceiver',
  "binds" INTEGER NOT NULL DEFAULT 1,
  "window_size" INTEGER NOT NULL DEFAULT 10,
  -- submit_sm per second per bind; 0: no limit.
  "tps" INTEGER NOT NULL DEFAULT 100,
  "tls" BOOLEAN NOT NULL DEFAULT false,
  "ca_file" TEXT NOT NULL DEFAULT '',
  "source_ton" INTEGER,
  "source_npi" INTEGER,
  "dest_ton" INTEGER,
  "dest_npi" INTEGER,
  "gsm7_data_coding" INTEGER NOT NULL DEFAULT 0,
  "enquire_link_seconds" INTEGER NOT NULL DEFAULT 30,
  -- command_status values that send a part on to the next connector of its route.
  "temporary_errors" INTEGER[] NOT NULL DEFAULT '{88,20,8}',
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "connectors_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "connectors_name_key" ON "connectors"("name");

CREATE TABLE "connector_costs" (
  "connector_id" UUID NOT NULL,
  "iso" CHAR(2) NOT NULL,
  -- '' for the whole country; else MCC-MNC (e.g. 20201).
  "network" TEXT NOT NULL DEFAULT '',
  "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
  "cost_micros" BIGINT NOT NULL,
  CONSTRAINT "connector_costs_pkey" PRIMARY KEY ("connector_id", "iso", "network"),
  CONSTRAINT "connector_costs_connector_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE
);

CREATE TABLE "routes" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "position" INTEGER NOT NULL,
  "name" TEXT NOT NULL DEFAULT '',
  -- NULL / '': any.
  "account_id" UUID,
  "country" TEXT NOT NULL DEFAULT '',
  "prefix" TEXT NOT NULL DEFAULT '',
  "network" TEXT NOT NULL DEFAULT '',
  "kind" TEXT NOT NULL DEFAULT '',
  "sender_type" TEXT NOT NULL DEFAULT '',
  "strategy" TEXT NOT NULL DEFAULT 'priority',
  "connector_ids" UUID[] NOT NULL,
  "weights" INTEGER[] NOT NULL DEFAULT '{}',
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "routes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "routes_position_idx" ON "routes"("position");

-- One row per connector and worker process, rewritten every few seconds by that worker.
CREATE TABLE "connector_status" (
  "connector_id" UUID NOT NULL,
  "worker" TEXT NOT NULL,
  "state" TEXT NOT NULL,
  "binds" JSONB NOT NULL DEFAULT '[]',
  "counters" JSONB NOT NULL DEFAULT '{}',
  "rates" JSONB NOT NULL DEFAULT '{}',
  "breaker" TEXT NOT NULL DEFAULT 'closed',
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "connector_status_pkey" PRIMARY KEY ("connector_id", "worker"),
  CONSTRAINT "connector_status_connector_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE
);

ALTER TABLE "message_parts" ADD COLUMN "connector_id" UUID;
ALTER TABLE "message_parts" ADD COLUMN "cost_micros" BIGINT NOT NULL DEFAULT 0;
-- [{ "connector": name, "description": why it moved on }], only when the part moved on.
ALTER TABLE "message_parts" ADD COLUMN "route_hops" JSONB;
