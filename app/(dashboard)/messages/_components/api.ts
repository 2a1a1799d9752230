// The message pages' calls to /api/dashboard/messages and /api/dashboard/callbacks.
import type { Page } from "@/lib/http/paging";
import type { CallbackView, MessageDetail, MessageSummary } from "@/lib/schemas/dashboard-sms";
import { apiFetch } from "@/lib/ui/api-client";

export type { CallbackView, MessageDetail, MessageSummary };

export const messagesKey = ["messages"] as const;
export const messageKey = (trackingId: string) => [...messagesKey, "detail", trackingId] as const;
export const recentMessagesKey = (size: number) => [...messagesKey, "recent", size] as const;

export function fetchMessage(trackingId: string): Promise<MessageDetail> {
  return apiFetch(`/api/dashboard/messages/${encodeURIComponent(trackingId)}`);
}

export function fetchRecentMessages(size: number): Promise<Page<MessageSummary>> {
  return apiFetch(`/api/dashboard/messages?${new URLSearchParams({ page: "0", size: String(size) })}`);
}

export function resendCallback(id: string): Promise<CallbackView> {
  return apiFetch(`/api/dashboard/callbacks/${encodeURIComponent(id)}/resend`, { method: "POST" });
}
