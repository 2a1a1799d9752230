// Campaign rows to the dashboard's shapes (lib/schemas/dashboard-campaigns.ts): the API's
// Campaign resource plus what the pages show besides (currency, progress, start and state times).
import type { Campaign } from "../db/generated/client.ts";
import type { CampaignCounts } from "../core/campaigns/campaign-counts.ts";
import type { CampaignClicks } from "../core/links/campaign-clicks.ts";
import type { CampaignMessageRow } from "../core/campaigns/list-campaign-messages.ts";
import type { CampaignRecipientRow } from "../core/campaigns/list-campaign-recipients.ts";
import { campaignResource } from "./campaigns-serializers.ts";
import { iso } from "./iso.ts";
import { fromMicros } from "../money.ts";
import { campaignSummary as summarySchema, type CampaignMessage, type CampaignRecipient, type CampaignSummary, type CampaignView } from "./dashboard-campaigns.ts";
import { bodyPreview, pickShape } from "./pick-shape.ts";

export function campaignView(c: Campaign, counts: CampaignCounts, clicks?: CampaignClicks): CampaignView {
  const s = counts.statuses;
  const finalMessages = s.Delivered + s.Undelivered + s.Failed + s.Unsent;
  return {
    ...(campaignResource(c, counts, clicks) as Omit<
      CampaignView,
      "currency" | "progress" | "finalMessages" | "totalParts" | "startedAt" | "stateAt" | "reminderSentAt" | "allowInvalid" | "transcode"
    >),
    currency: c.currency,
    progress: c.totalMessages > 0 ? Math.min(1, finalMessages / c.totalMessages) : 0,
    finalMessages,
    totalParts: c.totalParts,
    startedAt: iso(c.startedAt),
    stateAt: iso(c.stateAt),
    reminderSentAt: iso(c.reminderSentAt),
    allowInvalid: c.allowInvalid,
    transcode: c.transcode,
  };
}

export function campaignSummary(c: Campaign, counts: CampaignCounts): CampaignSummary {
  const v = campaignView(c, counts);
  return { ...pickShape(summarySchema, v), body: bodyPreview(v.body) };
}

export function campaignMessage(m: CampaignMessageRow): CampaignMessage {
  return {
    trackingId: m.id,
    to: m.to,
    contactName: m.contactName,
    status: m.status,
    detailedStatus: m.detailedStatus,
    statusDescription: m.statusDescription,
    parts: m.parts,
    price: fromMicros(m.priceMicros),
    currency: m.currency,
    body: m.body,
    createdAt: iso(m.createdAt),
    statusAt: iso(m.statusAt),
    finalAt: iso(m.finalAt),
  };
}

export function campaignRecipient(r: CampaignRecipientRow): CampaignRecipient {
  const { priceMicros, ...rest } = r;
  return { ...rest, price: fromMicros(priceMicros) };
}
