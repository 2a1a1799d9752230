-- The tracking explorer on millions of messages: a number found by any part of it (trigrams),
-- and inbound messages found without walking every outbound one.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "messages_to_trgm_idx" ON "messages" USING GIN ("to" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "messages_inbound_idx" ON "messages"("account_id", "created_at" DESC) WHERE "direction" = 'Inbound';
