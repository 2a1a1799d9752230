-- API guards: a per-application request rate (lib/http/rate-limit.ts) and the stored answers of
-- requests sent with an Idempotency-Key (lib/core/idempotency), kept 24 hours.

-- AlterTable
ALTER TABLE "applications" ADD COLUMN "rate_limit_per_second" INTEGER NOT NULL DEFAULT 100;

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "application_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("application_id","key")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
