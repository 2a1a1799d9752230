-- AlterTable
ALTER TABLE "callbacks" ADD COLUMN     "campaign_id" UUID;

-- CreateTable
CREATE TABLE "contacts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "mobile" TEXT NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT '',
    "vip" BOOLEAN NOT NULL DEFAULT false,
    "groups" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "blacklisted_services" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "labels" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_labels" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'Text',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_groups" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "application_id" UUID,
    "application_name" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT 'Sms',
    "state" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "to_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "contact_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "groups" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "fallback_values" JSONB NOT NULL DEFAULT '{}',
    "flash" BOOLEAN NOT NULL DEFAULT false,
    "transcode" BOOLEAN NOT NULL DEFAULT false,
    "ttl" INTEGER NOT NULL DEFAULT 4320,
    "respect_quiet_hours" BOOLEAN NOT NULL DEFAULT false,
    "allow_invalid" BOOLEAN NOT NULL DEFAULT false,
    "callback_url" TEXT NOT NULL DEFAULT '',
    "callback_strategy" TEXT NOT NULL DEFAULT '',
    "campaign_callback_url" TEXT NOT NULL DEFAULT '',
    "campaign_callback_strategy" TEXT NOT NULL DEFAULT '',
    "reminder_minutes_before" INTEGER NOT NULL DEFAULT 0,
    "reminder_minutes_after" INTEGER NOT NULL DEFAULT 0,
    "reminder_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reminder_sent_at" TIMESTAMPTZ(3),
    "scheduled_date" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "sms_analysis" JSONB NOT NULL DEFAULT '{}',
    "errors" JSONB NOT NULL DEFAULT '[]',
    "total_messages" INTEGER NOT NULL DEFAULT 0,
    "total_parts" INTEGER NOT NULL DEFAULT 0,
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
    "batches" INTEGER NOT NULL DEFAULT 0,
    "batches_done" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "state_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_recipients" (
    "campaign_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "mobile" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT '',
    "number_type" TEXT NOT NULL DEFAULT '',
    "contact_id" UUID,
    "text" TEXT NOT NULL,
    "parts" INTEGER NOT NULL,
    "encoding" TEXT NOT NULL DEFAULT 'gsm7',
    "price_micros" BIGINT NOT NULL,
    "mcc" TEXT NOT NULL DEFAULT '',
    "mnc" TEXT NOT NULL DEFAULT '',
    "operator" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "campaign_recipients_pkey" PRIMARY KEY ("campaign_id","seq")
);

-- CreateTable
CREATE TABLE "campaign_events" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaign_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contacts_account_id_created_at_idx" ON "contacts"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "contacts_groups_idx" ON "contacts" USING GIN ("groups");

-- CreateIndex
CREATE UNIQUE INDEX "contacts_account_id_mobile_key" ON "contacts"("account_id", "mobile");

-- CreateIndex
CREATE UNIQUE INDEX "contact_labels_account_id_name_key" ON "contact_labels"("account_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "contact_groups_account_id_name_key" ON "contact_groups"("account_id", "name");

-- CreateIndex
CREATE INDEX "campaigns_account_id_created_at_idx" ON "campaigns"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "campaigns_account_id_name_idx" ON "campaigns"("account_id", "name");

-- CreateIndex
CREATE INDEX "campaigns_state_scheduled_date_idx" ON "campaigns"("state", "scheduled_date");

-- CreateIndex
CREATE INDEX "campaign_events_campaign_id_at_idx" ON "campaign_events"("campaign_id", "at");

-- CreateIndex
CREATE INDEX "callbacks_campaign_id_idx" ON "callbacks"("campaign_id");

-- AddForeignKey
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A campaign name is unique within its account (409009003); unnamed campaigns are many.
CREATE UNIQUE INDEX "campaigns_account_id_name_key" ON "campaigns"("account_id", lower("name")) WHERE "name" <> '';
