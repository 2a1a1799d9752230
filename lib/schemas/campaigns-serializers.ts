// Campaigns to the spec's Campaign resource: every documented key present, no nulls.
import type { Campaign } from "../db/generated/client.ts";
import type { CampaignCounts } from "../core/campaigns/campaign-counts.ts";
import { noClicks, type CampaignClicks } from "../core/links/campaign-clicks.ts";
import { fromMicros } from "../money.ts";
import { iso } from "./iso.ts";

export function campaignResource(c: Campaign, counts: CampaignCounts, clicks: CampaignClicks = noClicks()) {
  return {
    trackingId: c.id,
    campaignName: c.name,
    type: c.type,
    state: c.state,
    createdAt: iso(c.createdAt),
    scheduledDate: iso(c.scheduledDate),
    endedAt: iso(c.endedAt),
    respectQuietHours: c.respectQuietHours,
    from: c.from,
    to: c.toNumbers,
    contacts: c.contactIds,
    groups: c.groups,
    body: c.body,
    smsAnalysis: c.smsAnalysis,
    flash: c.flash,
    fallbackValues: c.fallbackValues ?? {},
    statuses: counts.statuses,
    cost: fromMicros(counts.costMicros),
    totalMessages: c.totalMessages,
    callback: { url: c.callbackUrl, strategy: c.callbackStrategy },
    campaignCallback: { url: c.campaignCallbackUrl, strategy: c.campaignCallbackStrategy },
    reminder: { minutesBefore: c.reminderMinutesBefore, minutesAfter: c.reminderMinutesAfter, to: c.reminderTo },
    ttl: c.ttl,
    errors: c.errors ?? [],
    trackLinks: c.trackLinks,
    ...(c.trackLinks && c.linkTtlDays ? { trackLinksTtlDays: c.linkTtlDays } : {}),
    clicks,
  };
}
