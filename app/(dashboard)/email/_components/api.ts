// The Email page's calls.
import type { z } from "zod";
import type { CapturedMail, EmailDetail, EmailSummary, emailResource, toSendEmailBody } from "@/lib/schemas/email";
import type { Page } from "@/lib/http/paging";
import { apiFetch } from "@/lib/ui/api-client";

export type Captured = CapturedMail & { html: string; text: string; raw: string };

export const emailsKey = ["emails"] as const;
export const emailKey = (id: string) => ["email", id] as const;
export const sinkKey = ["smtp-sink"] as const;

export const listEmails = (page: number) => apiFetch<Page<EmailSummary>>(`/api/dashboard/email?page=${page}&size=20`);
export const getEmail = (id: string) => apiFetch<EmailDetail>(`/api/dashboard/email/${id}`);
export const sendTestEmail = (body: ReturnType<typeof toSendEmailBody>) => apiFetch<z.infer<typeof emailResource>>("/api/dashboard/email", { method: "POST", json: body });
export const listCaptured = (page: number) => apiFetch<Page<CapturedMail>>(`/api/dashboard/email/sink?page=${page}&size=20`);
export const getCaptured = (id: string) => apiFetch<Captured>(`/api/dashboard/email/sink/${id}`);
