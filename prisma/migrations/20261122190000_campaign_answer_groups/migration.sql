-- The campaign answer log (lib/core/campaigns/send-campaign-batch.ts) as one row per group of
-- answers a statement logs, instead of one row per answer: a 30k campaign inserted, indexed,
-- deleted and vacuumed 30k rows to log its answers, which was an eighth of PostgreSQL's work for
-- it; it now writes a few hundred. `answers` is JSON text, read only by a batch run after a crash:
-- [[seq, part_number, smsc_message_id, possible_duplicate (0 or 1)], …].
CREATE TABLE "campaign_answer_groups" (
    "campaign_id" UUID NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "answers" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_answer_groups_pkey" PRIMARY KEY ("campaign_id", "id")
);

-- Answers logged by a campaign running while this is applied.
INSERT INTO "campaign_answer_groups" ("campaign_id", "answers", "at")
SELECT "campaign_id",
       json_agg(json_build_array("seq", "part_number", "smsc_message_id", CASE WHEN "possible_duplicate" THEN 1 ELSE 0 END))::text,
       max("at")
FROM "campaign_answers"
GROUP BY "campaign_id";

DROP TABLE "campaign_answers";
