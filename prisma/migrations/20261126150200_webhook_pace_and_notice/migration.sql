-- The webhook center's gaps (issue 20): the pace per endpoint held across worker processes, and
-- the e-mail to the account's owners sent once per pause.

-- POSTs under way to one endpoint of one account, all processes together. A process leases slots
-- (webhook_pace_holders, one row per process and endpoint) and gives them back; in_flight is their
-- sum, changed in the same statement as a lease. last_grant is what the latest lease got (an
-- UPDATE's RETURNING sees only the new row). A lease that was not renewed (its process died) is
-- taken back by the next process short of slots.
CREATE TABLE "webhook_pace" (
    "account_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "in_flight" INTEGER NOT NULL DEFAULT 0,
    "last_grant" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "webhook_pace_pkey" PRIMARY KEY ("account_id", "endpoint")
);
ALTER TABLE "webhook_pace" ADD CONSTRAINT "webhook_pace_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_pace_holders" (
    "account_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "slots" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_pace_holders_pkey" PRIMARY KEY ("account_id", "endpoint", "holder")
);
CREATE INDEX "webhook_pace_holders_holder_idx" ON "webhook_pace_holders"("holder");
ALTER TABLE "webhook_pace_holders" ADD CONSTRAINT "webhook_pace_holders_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The pause the owners were told of (equal to paused_at once the e-mail is queued): one e-mail per
-- pause, whichever process saw it first. A pause by hand sets both: whoever paused knows.
ALTER TABLE "webhook_endpoints" ADD COLUMN "pause_notice_at" TIMESTAMPTZ(3);

-- A bulk replay hands its queued callbacks to delivery in chunks, oldest first: each chunk is a
-- range of this index (the replay_id index alone re-read and sorted all of the replay's
-- callbacks for every chunk). A callback leaves it when handed over.
CREATE INDEX "callbacks_replay_queued_idx" ON "callbacks"("replay_id", "created_at", "id") WHERE "state" = 'queued';
