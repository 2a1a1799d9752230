-- CreateEnum
CREATE TYPE "Direction" AS ENUM ('Outbound', 'Inbound');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "webhook_secret" TEXT NOT NULL DEFAULT encode(sha256(gen_random_uuid()::text::bytea), 'base64');

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "application_id" UUID,
    "application_name" TEXT NOT NULL DEFAULT '',
    "campaign_id" UUID,
    "campaign_name" TEXT NOT NULL DEFAULT '',
    "direction" "Direction" NOT NULL DEFAULT 'Outbound',
    "originating_service" TEXT NOT NULL DEFAULT 'Sms',
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT '',
    "operator" TEXT NOT NULL DEFAULT '',
    "mcc" TEXT NOT NULL DEFAULT '',
    "mnc" TEXT NOT NULL DEFAULT '',
    "number_type" TEXT NOT NULL DEFAULT '',
    "encoding" TEXT NOT NULL DEFAULT 'gsm7',
    "parts" INTEGER NOT NULL,
    "flash" BOOLEAN NOT NULL DEFAULT false,
    "ttl" INTEGER NOT NULL DEFAULT 4320,
    "transcode" BOOLEAN NOT NULL DEFAULT false,
    "body_analysis" JSONB NOT NULL,
    "callback_url" TEXT NOT NULL DEFAULT '',
    "callback_strategy" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'Queued',
    "detailed_status" TEXT NOT NULL DEFAULT '',
    "status_description" TEXT NOT NULL DEFAULT '',
    "status_at" TIMESTAMPTZ(3) NOT NULL,
    "price_micros" BIGINT NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "final_at" TIMESTAMPTZ(3),

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_parts" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "part_number" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'Queued',
    "detailed_status" TEXT NOT NULL DEFAULT '',
    "status_description" TEXT NOT NULL DEFAULT '',
    "status_at" TIMESTAMPTZ(3) NOT NULL,
    "smsc_message_id" TEXT,
    "price_micros" BIGINT NOT NULL DEFAULT 0,
    "submitted_at" TIMESTAMPTZ(3),
    "done_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "message_parts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_events" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "part_id" UUID,
    "status" TEXT NOT NULL,
    "detailed_status" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "message_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callbacks" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "message_id" UUID,
    "url" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "callbacks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_attempts" (
    "id" UUID NOT NULL,
    "callback_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "status_code" INTEGER NOT NULL DEFAULT 0,
    "latency_ms" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "response_body" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "callback_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "messages_account_id_created_at_idx" ON "messages"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "messages_account_id_to_created_at_idx" ON "messages"("account_id", "to", "created_at" DESC);

-- CreateIndex
CREATE INDEX "messages_campaign_id_created_at_idx" ON "messages"("campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "message_parts_account_id_created_at_idx" ON "message_parts"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "message_parts_smsc_message_id_idx" ON "message_parts"("smsc_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_parts_message_id_part_number_key" ON "message_parts"("message_id", "part_number");

-- CreateIndex
CREATE INDEX "message_events_message_id_at_idx" ON "message_events"("message_id", "at");

-- CreateIndex
CREATE INDEX "callbacks_message_id_idx" ON "callbacks"("message_id");

-- CreateIndex
CREATE INDEX "callbacks_account_id_created_at_idx" ON "callbacks"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "callback_attempts_callback_id_attempt_idx" ON "callback_attempts"("callback_id", "attempt");

-- AddForeignKey
ALTER TABLE "message_parts" ADD CONSTRAINT "message_parts_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_callback_id_fkey" FOREIGN KEY ("callback_id") REFERENCES "callbacks"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Messages still waiting for a final status, by expiry: the ttl scan reads only these.
CREATE INDEX "messages_open_expiry_idx" ON "messages"("expires_at") WHERE "final_at" IS NULL;
