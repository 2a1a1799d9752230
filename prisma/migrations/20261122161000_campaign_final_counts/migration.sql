-- A finished campaign's messages per status and refunds, stored once (lib/core/campaigns/campaign-counts.ts).
ALTER TABLE "campaigns" ADD COLUMN "final_counts" JSONB;
