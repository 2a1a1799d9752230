// The owner's banner on every dashboard page while an endpoint is paused: its callbacks wait as
// dead letters until someone resumes it on the Webhooks page.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { apiFetch } from "@/lib/ui/api-client";

export function PausedEndpointsBanner() {
  // The Webhooks page shows its own, next to the Resume buttons.
  const onWebhooksPage = usePathname().startsWith("/webhooks");
  const query = useQuery({
    queryKey: ["webhooks", "paused"],
    queryFn: () => apiFetch<Array<{ endpoint: string; pausedAt: string }>>("/api/dashboard/webhooks/paused"),
    refetchInterval: 60_000,
  });
  const paused = query.data ?? [];
  if (!paused.length || onWebhooksPage) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      Webhook delivery to <code className="font-mono text-xs break-all">{paused[0]!.endpoint}</code>
      {paused.length > 1 ? ` and ${paused.length - 1} more` : ""} is paused after repeated failures; its callbacks are waiting.{" "}
      <Link href="/webhooks" className="font-medium underline">
        Review and resume
      </Link>
    </div>
  );
}
