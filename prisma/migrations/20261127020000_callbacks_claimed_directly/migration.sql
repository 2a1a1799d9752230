-- Callbacks are claimed from their own table by the sender (lib/core/callbacks/deliver-callback.ts)
-- instead of through a pg-boss job each (issue 23, B5). due_at: when the sender may next take the
-- callback (NULL: not the sender's: an inbound message's or an OTP flow's callback, sent by its own
-- job, or one that has ended); a claim moves it one lease ahead. round_from: the attempts stored
-- before the current round of retries began (a replay begins a new one). trace: the trace context
-- of the change that caused it, when tracing was on.
ALTER TABLE "callbacks" ADD COLUMN "due_at" TIMESTAMPTZ(3),
                        ADD COLUMN "round_from" INTEGER NOT NULL DEFAULT 0,
                        ADD COLUMN "trace" JSONB;

-- Callbacks waiting for a callbacks.deliver job of an earlier version become due now, and the
-- jobs go (pg-boss's schema exists once a version with jobs has run).
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE "callbacks" c SET "due_at" = now(), "round_from" = c."attempts"
      FROM pgboss.job j
     WHERE j.name = 'callbacks.deliver' AND j.state IN ('created', 'retry', 'active')
       AND c."id"::text = j.data->>'callbackId' AND c."state" = 'pending';
    DELETE FROM pgboss.job WHERE name = 'callbacks.deliver' AND state IN ('created', 'retry', 'active');
  END IF;
END $$;

ALTER TABLE "callbacks" ALTER COLUMN "due_at" SET DEFAULT now();

-- The sender's claim: the pending callbacks in the order they come due (then oldest first).
CREATE INDEX "callbacks_due_idx" ON "callbacks"("due_at", "created_at", "id") WHERE "state" = 'pending';
