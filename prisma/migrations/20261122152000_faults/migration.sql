-- Faults: a part that may have reached the SMSC more than once (its submit_sm was resent after a
-- lost answer, a dropped connection or a worker that died with it in flight) says so.

-- AlterTable
ALTER TABLE "message_parts" ADD COLUMN "possible_duplicate" BOOLEAN NOT NULL DEFAULT false;
