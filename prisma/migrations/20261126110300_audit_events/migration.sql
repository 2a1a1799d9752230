-- The audit log: who (a dashboard user or an API application) did what security-relevant thing,
-- from which address, when (lib/core/audit). Kept with the account's data: deleting an account
-- deletes its events. Sign-in failures for an unknown email belong to no account.
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL,
    "account_id" UUID,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL DEFAULT '',
    "actor_name" TEXT NOT NULL DEFAULT '',
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL DEFAULT '',
    "detail" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT NOT NULL DEFAULT '',
    "user_agent" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "audit_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "audit_events_account_id_at_idx" ON "audit_events"("account_id", "at" DESC);
