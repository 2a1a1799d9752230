-- The platform operator's billing details and the bank accounts customers pay top-ups into
-- (GET /accounts/me/banks): one row, set from the command line or the Settings page.
CREATE TABLE "billing_details" (
    "id" TEXT NOT NULL DEFAULT 'platform',
    "name" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "vat_id" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "banks" JSONB NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "billing_details_pkey" PRIMARY KEY ("id")
);
