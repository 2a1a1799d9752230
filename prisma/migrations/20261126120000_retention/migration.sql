-- How long an account's messages (with their parts and events), callbacks (with their attempts)
-- and emails (with their events) are kept; an account without a row keeps them RETENTION_DAYS.
CREATE TABLE "retention_policies" (
    "account_id" UUID NOT NULL,
    "days" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retention_policies_pkey" PRIMARY KEY ("account_id"),
    CONSTRAINT "retention_policies_days_check" CHECK ("days" BETWEEN 7 AND 3650)
);

ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
