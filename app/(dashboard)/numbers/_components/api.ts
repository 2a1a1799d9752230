// The Numbers pages' calls to /api/dashboard/numbers.
import type { Page } from "@/lib/http/paging";
import type { NumberCallbacksBody } from "@/lib/schemas/numbers";
import { apiFetch } from "@/lib/ui/api-client";

export type Cost = { price: number; currency: string };
export interface AvailableNumber {
  msisdn: string;
  country: string;
  services: string[];
  inboundCosts: (Cost & { service: string })[];
  monthlyCosts: Cost;
  activationCosts: Cost;
  chargeInterval: number;
  tollFree: boolean;
  type: "VLN" | "TOLL_FREE";
  areaCode: string;
}
export interface RentedNumber {
  trackingId: string;
  msisdn: string;
  country: string;
  services: string[];
  monthlyCosts: Cost[];
  activationCosts: Cost[];
  tollFree: boolean;
  inboundSmsCallbackUrl: string;
  voiceInboundStrategy: { dialplanUrl: string };
  inboundVoiceCallbackUrl: string;
  nextRenewal: string;
  rentedAt: string;
  poolId: string;
  poolName: string;
}
export interface NumberDetails extends Omit<RentedNumber, "poolId" | "poolName"> {
  pool: { poolId: string; poolName: string } | null;
  events: { kind: string; description: string; amount: number; at: string }[];
}
export interface Conversation {
  correspondent: string;
  lastBody: string;
  lastAt: string;
  lastDirection: string;
  lastStatus: string;
  messages: number;
  inbound: number;
}
export interface ConversationMessage {
  trackingId: string;
  direction: "Inbound" | "Outbound";
  from: string;
  to: string;
  body: string;
  status: string;
  at: string;
}
export interface AvailableSearch {
  country: string;
  type: "" | "VLN" | "TOLL_FREE";
  service: "" | "Sms" | "Voice";
  areaCode: string;
  contains: string;
}

const digits = (msisdn: string) => encodeURIComponent(msisdn.replace(/^\+/, ""));

export function fetchAvailable(s: AvailableSearch, page: number, size: number): Promise<Page<AvailableNumber>> {
  const q = new URLSearchParams({ page: String(page), size: String(size), country: s.country });
  if (s.type) q.set("type", s.type);
  if (s.service) q.set("service", s.service);
  if (s.areaCode) q.set("areaCode", s.areaCode);
  if (s.contains) q.set("contains", s.contains);
  return apiFetch(`/api/dashboard/numbers/available?${q}`);
}
export const fetchRented = (page: number, size: number): Promise<Page<RentedNumber>> => apiFetch(`/api/dashboard/numbers?page=${page}&size=${size}`);
export const rentNumber = (body: { msisdn: string; inboundSmsCallbackUrl?: string }) => apiFetch("/api/dashboard/numbers", { method: "POST", json: body });
export const fetchNumber = (msisdn: string): Promise<NumberDetails> => apiFetch(`/api/dashboard/numbers/${digits(msisdn)}`);
export const updateNumber = (msisdn: string, body: NumberCallbacksBody) => apiFetch(`/api/dashboard/numbers/${digits(msisdn)}`, { method: "PUT", json: body });
export const cancelNumber = (msisdn: string) => apiFetch(`/api/dashboard/numbers/${digits(msisdn)}`, { method: "DELETE" });
export const fetchConversations = (msisdn: string): Promise<Page<Conversation>> => apiFetch(`/api/dashboard/numbers/${digits(msisdn)}/conversations?size=100`);
export const fetchConversation = (msisdn: string, correspondent: string): Promise<{ messages: ConversationMessage[] }> =>
  apiFetch(`/api/dashboard/numbers/${digits(msisdn)}/conversations/${digits(correspondent)}`);
export const sendReply = (msisdn: string, correspondent: string, body: string): Promise<ConversationMessage> =>
  apiFetch(`/api/dashboard/numbers/${digits(msisdn)}/conversations/${digits(correspondent)}`, { method: "POST", json: { body } });
export const simulateInbound = (msisdn: string, body: { from: string; body: string }): Promise<{ messageId: string }> =>
  apiFetch(`/api/dashboard/numbers/${digits(msisdn)}/inbound`, { method: "POST", json: body });

export const numbersKey = ["numbers"] as const;

/** Countries of the catalogue, named in the browser's language. */
export const catalogueCountries = ["US", "CA", "GB", "GR", "DE", "FR", "IT", "ES", "NL", "SE", "AU", "CY"];
export function formatMsisdn(msisdn: string): string {
  return msisdn;
}
