// Who a campaign belongs to, from the API caller: its account and currency, and the
// application whose callback and transcode defaults apply.
import type { ApplicationPrincipal } from "./principal.ts";
import type { CampaignOwner } from "../core/campaigns/prepare-campaign.ts";

export function campaignOwner(principal: ApplicationPrincipal): CampaignOwner {
  return {
    accountId: principal.accountId,
    currency: principal.currency,
    application: { id: principal.applicationId, name: principal.applicationName, ...principal.defaults },
  };
}
