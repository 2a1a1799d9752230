// The campaign pages' calls to /api/dashboard/campaigns.
import type { Page } from "@/lib/http/paging";
import type { Audience, AudienceContact, CampaignBodyInput, CampaignDetail, CampaignMessage, CampaignQuote, CampaignRecipient, CampaignSummary, CampaignView } from "@/lib/schemas/dashboard-campaigns";
import { apiFetch } from "@/lib/ui/api-client";

export type { Audience, AudienceContact, CampaignDetail, CampaignMessage, CampaignQuote, CampaignRecipient, CampaignSummary, CampaignView };

export const campaignsKey = ["campaigns"] as const;
export const campaignKey = (id: string) => [...campaignsKey, "detail", id] as const;
export const audienceKey = ["campaign-audience"] as const;

const q = (params: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])));

export function fetchCampaigns(p: { page: number; size: number; state?: string; name?: string; unnamed?: boolean }): Promise<Page<CampaignSummary>> {
  return apiFetch(`/api/dashboard/campaigns?${q({ page: p.page, size: p.size, state: p.state, name: p.name, unnamed: p.unnamed ? "true" : undefined })}`);
}

export function fetchCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}`);
}

export function fetchCampaignMessages(id: string, p: { page: number; size: number; status?: string; search?: string }): Promise<Page<CampaignMessage>> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}/messages?${q(p)}`);
}

export function fetchCampaignRecipients(id: string, p: { page: number; size: number; search?: string }): Promise<Page<CampaignRecipient>> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}/recipients?${q(p)}`);
}

export function createCampaign(body: CampaignBodyInput): Promise<CampaignView> {
  return apiFetch("/api/dashboard/campaigns", { method: "POST", json: body });
}

export function updateCampaign(id: string, body: CampaignBodyInput): Promise<CampaignView> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}`, { method: "PUT", json: body });
}

export function deleteCampaign(id: string): Promise<{ trackingId: string; deleted: boolean }> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function quoteCampaign(body: Pick<CampaignBodyInput, "from" | "body" | "to" | "contacts" | "groups" | "transcode" | "fallbackValues" | "allowinvalid" | "trackLinks">): Promise<CampaignQuote> {
  return apiFetch("/api/dashboard/campaigns/analyze", { method: "POST", json: body });
}

export function fetchAudience(): Promise<Audience> {
  return apiFetch("/api/dashboard/campaigns/audience");
}

export function fetchAudienceContacts(p: { search?: string; group?: string; ids?: string[]; size?: number }): Promise<Page<AudienceContact>> {
  return apiFetch(`/api/dashboard/campaigns/audience/contacts?${q({ search: p.search, group: p.group, ids: p.ids?.join(","), size: p.size ?? 10 })}`);
}

export function createClickGroup(id: string, body: { name: string; clicked: boolean }): Promise<{ name: string; size: number; numberOfContacts: number }> {
  return apiFetch(`/api/dashboard/campaigns/${encodeURIComponent(id)}/click-groups`, { method: "POST", json: body });
}
