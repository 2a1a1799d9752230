// The Webhooks page's calls to its dashboard JSON routes (lib/schemas/webhooks.ts).
import type { z } from "zod";
import type { deliveryDetail, deliveryPage, endpointHealth, replayAnswer, replayProgressAnswer } from "@/lib/schemas/webhooks";
import { apiFetch } from "@/lib/ui/api-client";

export type DeliveryPage = z.infer<typeof deliveryPage>;
export type DeliverySummary = DeliveryPage["content"][number];
export type DeliveryDetail = z.infer<typeof deliveryDetail>;
export type EndpointHealth = z.infer<typeof endpointHealth>;
export type ReplayAnswer = z.infer<typeof replayAnswer>;
export type ReplayProgress = z.infer<typeof replayProgressAnswer>;
export interface TestResult {
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: { statusCode: number; headers: Record<string, string>; body: string; error: string };
  ok: boolean;
  latencyMs: number;
}

export const webhooksKey = ["webhooks"] as const;
const base = "/api/dashboard/webhooks";

export const fetchDeliveries = (query: string): Promise<DeliveryPage> => apiFetch(`${base}/deliveries?${query}`);
export const fetchDelivery = (id: string): Promise<DeliveryDetail> => apiFetch(`${base}/deliveries/${encodeURIComponent(id)}`);
export const replayDelivery = (id: string) => apiFetch<{ id: string }>(`${base}/deliveries/${encodeURIComponent(id)}/replay`, { method: "POST" });
export const replayMatching = (filter: Record<string, unknown>, expectedCount?: number): Promise<ReplayAnswer> =>
  apiFetch(`${base}/replays`, { method: "POST", json: expectedCount === undefined ? { filter, dryRun: true } : { filter, expectedCount } });
export const fetchReplay = (id: string): Promise<ReplayProgress> => apiFetch(`${base}/replays/${encodeURIComponent(id)}`);
export const fetchEndpoints = (): Promise<EndpointHealth[]> => apiFetch(`${base}/endpoints`);
export const setPaused = (endpoint: string, paused: boolean) => apiFetch(`${base}/endpoints/${paused ? "pause" : "resume"}`, { method: "POST", json: { endpoint } });
export const sendTest = (url: string, kind: string): Promise<TestResult> => apiFetch(`${base}/test`, { method: "POST", json: { url, kind } });
