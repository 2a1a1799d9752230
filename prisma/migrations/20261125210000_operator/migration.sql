-- The operator console (issue 16): platform administrators above the account roles, suspension of
-- an account (its tokens and users refused, its campaigns' jobs parked until it is reactivated),
-- and an account's own price list overriding the system prices (prices).
-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "suspended_at" TIMESTAMPTZ(3),
ADD COLUMN     "suspended_reason" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "platform_admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "account_prices" (
    "account_id" UUID NOT NULL,
    "iso" CHAR(2) NOT NULL,
    "network" TEXT NOT NULL DEFAULT '',
    "price_micros" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_prices_pkey" PRIMARY KEY ("account_id","iso","network")
);

-- CreateTable
CREATE TABLE "parked_jobs" (
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "payload" JSONB NOT NULL,
    "parked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "parked_jobs_pkey" PRIMARY KEY ("name","key")
);

-- CreateIndex
CREATE INDEX "parked_jobs_account_id_idx" ON "parked_jobs"("account_id");

-- AddForeignKey
ALTER TABLE "account_prices" ADD CONSTRAINT "account_prices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "parked_jobs" ADD CONSTRAINT "parked_jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The demo user a first start seeded runs the platform, as it does on a new installation.
UPDATE "users" SET "platform_admin" = true WHERE "email" = 'demo@switchboard.local';
