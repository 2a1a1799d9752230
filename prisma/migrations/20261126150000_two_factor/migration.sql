-- Optional two-factor sign-in (TOTP) for dashboard users, required per account by its owner
-- (issue 18 item 7; lib/core/two-factor).

CREATE TABLE "user_two_factor" (
    "user_id" UUID NOT NULL,
    -- AES-256-GCM under AUTH_SECRET, bound to the user: never returned after set-up.
    "secret_sealed" TEXT NOT NULL,
    -- Null while set-up waits for the first right code.
    "enabled_at" TIMESTAMPTZ(3),
    -- The time step of the last accepted code: it and earlier steps are refused (no replay).
    "last_step" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_two_factor_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "user_two_factor_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Single-use recovery codes (SHA-256 of the code); a used code's row is deleted.
CREATE TABLE "two_factor_recovery_codes" (
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,

    CONSTRAINT "two_factor_recovery_codes_pkey" PRIMARY KEY ("user_id", "code_hash"),
    CONSTRAINT "two_factor_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_two_factor"("user_id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Accounts whose owner requires two-factor sign-in of every user.
CREATE TABLE "two_factor_policies" (
    "account_id" UUID NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "two_factor_policies_pkey" PRIMARY KEY ("account_id"),
    CONSTRAINT "two_factor_policies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
