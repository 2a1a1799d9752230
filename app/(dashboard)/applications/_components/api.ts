// The Applications page's calls to /api/dashboard/applications.
import type { Page } from "@/lib/http/paging";
import type { ApplicationView, CreateApplicationBody, UpdateApplicationBody } from "@/lib/schemas/applications";
import { apiFetch } from "@/lib/ui/api-client";

export type { ApplicationView };
export type CreatedApplication = ApplicationView & { applicationSecret: string };

export function fetchApplications(page: number, size: number, revoked: boolean): Promise<Page<ApplicationView>> {
  const q = new URLSearchParams({ page: String(page), size: String(size), revoked: String(revoked) });
  return apiFetch(`/api/dashboard/applications?${q}`);
}

export function createApplication(body: CreateApplicationBody): Promise<CreatedApplication> {
  return apiFetch("/api/dashboard/applications", { method: "POST", json: body });
}

export function revokeApplication(applicationId: string): Promise<ApplicationView> {
  return apiFetch(`/api/dashboard/applications/${encodeURIComponent(applicationId)}`, { method: "DELETE" });
}

export function updateApplication(applicationId: string, body: UpdateApplicationBody): Promise<ApplicationView> {
  return apiFetch(`/api/dashboard/applications/${encodeURIComponent(applicationId)}`, { method: "PATCH", json: body });
}

export function fetchWebhookSecret(): Promise<{ secret: string }> {
  return apiFetch("/api/dashboard/applications/webhook-secret");
}

export function rotateWebhookSecret(): Promise<{ secret: string }> {
  return apiFetch("/api/dashboard/applications/webhook-secret", { method: "POST" });
}

export const applicationsKey = ["applications"] as const;
export const webhookSecretKey = ["webhook-secret"] as const;
