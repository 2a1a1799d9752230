-- A campaign's recipients keep its id without a foreign key. The key's per-row check (a lookup
-- and a row lock on the campaign for each of up to 30,000 rows) was half the time of the COPY
-- that stores them while POST /sms/campaign waits: about 130 ms per 30k. They are only written
-- right after their campaign, by the request that creates it, and removed with it
-- (removeCampaigns, lib/core/campaigns/remove-campaigns.ts).
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_campaign_id_fkey";
