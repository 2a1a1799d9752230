-- The SMSC's answers to a campaign batch's submit_sm, logged as they come (one small row each,
-- one index) and kept until the batch has written its messages (lib/core/campaigns/
-- send-campaign-batch.ts). A part handed to the carrier holds one of the worker's window slots
-- until its answer is stored — that bounds what a crash can leave at the SMSC unrecorded — and a
-- message with its part and their ten indexes took long enough to store that answers held three
-- quarters of the slots. A run after a crash writes the logged answers as Sent instead of
-- sending those parts again.
CREATE TABLE "campaign_answers" (
    "campaign_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "part_number" INTEGER NOT NULL,
    "smsc_message_id" TEXT NOT NULL,
    "possible_duplicate" BOOLEAN NOT NULL DEFAULT false,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_answers_pkey" PRIMARY KEY ("campaign_id", "seq", "part_number")
);
