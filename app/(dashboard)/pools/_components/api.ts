// The Pools page's calls to /api/dashboard/pools (and the rented numbers to pick from).
import type { Page } from "@/lib/http/paging";
import type { CreatePoolBody } from "@/lib/schemas/pools";
import { apiFetch } from "@/lib/ui/api-client";

export interface Pool {
  poolId: string;
  poolName: string;
  smsSettings: {
    sticky: boolean;
    geomatch: boolean;
    transcode: boolean;
    defaultCountry: string;
    alphanumericSenderId: string;
    callback: { url: string; strategy: string };
    inboundSMSCallbackUrl: string;
  };
  numbers: string[];
  createdAt: string;
  updatedAt: string;
}
export interface PickableNumber {
  msisdn: string;
  country: string;
  services: string[];
  poolId: string;
  poolName: string;
}
export interface PoolSend {
  trackingId: string;
  from: string;
  to: string;
  status: string;
  poolStrategy: string;
  senderReason: "sticky" | "geomatch" | "defaultCountry" | "any" | "alphanumeric";
}

export const poolsKey = ["pools"] as const;
export const fetchPools = (): Promise<Page<Pool>> => apiFetch("/api/dashboard/pools?size=200");
export const fetchPickable = (): Promise<Page<PickableNumber>> => apiFetch("/api/dashboard/numbers?size=200");
export const createPool = (body: CreatePoolBody): Promise<Pool> => apiFetch("/api/dashboard/pools", { method: "POST", json: body });
export const updatePool = (poolId: string, body: CreatePoolBody): Promise<Pool> => apiFetch(`/api/dashboard/pools/${poolId}`, { method: "PUT", json: body });
export const deletePool = (poolId: string) => apiFetch(`/api/dashboard/pools/${poolId}`, { method: "DELETE" });
export const sendThroughPool = (poolId: string, body: { to: string; body: string; poolStrategy: "Numeric" | "Alphanumeric" }): Promise<PoolSend> =>
  apiFetch(`/api/dashboard/pools/${poolId}/sms`, { method: "POST", json: body });
