-- Failed sign-ins and token requests per account e-mail, application and client address, shared by
-- every web instance: past a few failures, the key waits longer after each one (lib/core/throttle).
CREATE TABLE "auth_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "auth_throttles_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "auth_throttles_last_failure_at_idx" ON "auth_throttles"("last_failure_at");
