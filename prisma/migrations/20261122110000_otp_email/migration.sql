-- CreateTable
CREATE TABLE "otp_flows" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "application_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'InProgress',
    "status_code" TEXT,
    "phone_number" TEXT NOT NULL,
    "plan" JSONB NOT NULL,
    "code_hash" TEXT NOT NULL,
    "code_sealed" TEXT NOT NULL DEFAULT '',
    "code_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "verified_at" TIMESTAMPTZ(3),
    "callback_url" TEXT NOT NULL DEFAULT '',
    "notified_key" TEXT NOT NULL DEFAULT '',
    "notified_at" TIMESTAMPTZ(3),
    "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "otp_flows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otp_steps" (
    "id" UUID NOT NULL,
    "flow_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "detailed_status" TEXT,
    "error_message" TEXT,
    "failover_from" UUID,
    "provider_message_id" TEXT,
    "price_micros" BIGINT NOT NULL DEFAULT 0,
    "price_shown" BOOLEAN NOT NULL DEFAULT false,
    "country" TEXT,
    "operator" TEXT,
    "ttl_seconds" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "final_at" TIMESTAMPTZ(3),

    CONSTRAINT "otp_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otp_events" (
    "id" UUID NOT NULL,
    "flow_id" UUID NOT NULL,
    "step_id" UUID,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "otp_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "emails" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "application_id" UUID,
    "from" JSONB NOT NULL,
    "to" JSONB NOT NULL,
    "cc" JSONB NOT NULL DEFAULT '[]',
    "bcc" JSONB NOT NULL DEFAULT '[]',
    "reply_to" JSONB NOT NULL DEFAULT '[]',
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "track_links" BOOLEAN NOT NULL,
    "track_opens" BOOLEAN NOT NULL,
    "on_open_url" TEXT NOT NULL DEFAULT '',
    "on_click_url" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'Queued',
    "error" TEXT NOT NULL DEFAULT '',
    "smtp_response" TEXT NOT NULL DEFAULT '',
    "opens" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_links" (
    "id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "email_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_events" (
    "id" UUID NOT NULL,
    "email_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "link_id" UUID,
    "url" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',
    "user_agent" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "smtp_sink_messages" (
    "id" UUID NOT NULL,
    "email_id" UUID,
    "mail_from" TEXT NOT NULL DEFAULT '',
    "rcpt_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "subject" TEXT NOT NULL DEFAULT '',
    "message_id" TEXT NOT NULL DEFAULT '',
    "html" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL DEFAULT '',
    "raw" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "smtp_sink_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "otp_flows_account_id_created_at_idx" ON "otp_flows"("account_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "otp_steps_flow_id_seq_key" ON "otp_steps"("flow_id", "seq");

-- CreateIndex
CREATE INDEX "otp_steps_provider_message_id_idx" ON "otp_steps"("provider_message_id");

-- CreateIndex
CREATE INDEX "otp_events_flow_id_at_idx" ON "otp_events"("flow_id", "at");

-- CreateIndex
CREATE INDEX "emails_account_id_created_at_idx" ON "emails"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "email_links_email_id_position_idx" ON "email_links"("email_id", "position");

-- CreateIndex
CREATE INDEX "email_events_email_id_at_idx" ON "email_events"("email_id", "at");

-- CreateIndex
CREATE INDEX "email_events_account_id_at_idx" ON "email_events"("account_id", "at");

-- CreateIndex
CREATE INDEX "smtp_sink_messages_email_id_idx" ON "smtp_sink_messages"("email_id");

-- CreateIndex
CREATE INDEX "smtp_sink_messages_received_at_idx" ON "smtp_sink_messages"("received_at" DESC);

-- AddForeignKey
ALTER TABLE "otp_steps" ADD CONSTRAINT "otp_steps_flow_id_fkey" FOREIGN KEY ("flow_id") REFERENCES "otp_flows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "otp_events" ADD CONSTRAINT "otp_events_flow_id_fkey" FOREIGN KEY ("flow_id") REFERENCES "otp_flows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "emails"("id") ON DELETE CASCADE ON UPDATE CASCADE;
