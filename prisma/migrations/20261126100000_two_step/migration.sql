-- Routee's 2Step verifications (/2step). Each one is an OTP flow of one SMS step (same id): the
-- flow holds the hashed code, its expiry and the attempt counter; this row holds what 2Step
-- adds: the verification's own status, its country and application for reports.
CREATE TABLE "two_step_verifications" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "application_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'Pending',
    "country" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "two_step_verifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "two_step_verifications_id_fkey" FOREIGN KEY ("id") REFERENCES "otp_flows"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "two_step_verifications_account_id_created_at_idx" ON "two_step_verifications"("account_id", "created_at" DESC);
