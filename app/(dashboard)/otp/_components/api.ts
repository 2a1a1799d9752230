// The OTP page's calls.
import type { FailoverFlowView, FlowDetail, FlowSummary, toSendFailoverBody } from "@/lib/schemas/otp";
import type { Page } from "@/lib/http/paging";
import { apiFetch } from "@/lib/ui/api-client";

export const flowsKey = ["otp-flows"] as const;
export const flowKey = (id: string) => ["otp-flow", id] as const;

export const listFlows = (page: number) => apiFetch<Page<FlowSummary>>(`/api/dashboard/otp?page=${page}&size=20`);
export const getFlowDetail = (id: string) => apiFetch<FlowDetail>(`/api/dashboard/otp/${id}`);
export const startFlow = (body: ReturnType<typeof toSendFailoverBody>) => apiFetch<FailoverFlowView>("/api/dashboard/otp", { method: "POST", json: body });
