// Webhooks: every callback of the account (all kinds) searchable by the URL's filters, a drawer
// with each attempt's request and answer side by side, replays, endpoint health cards with
// pause and resume, and a test delivery form. Support users read; owners and marketers act.
import type { Metadata } from "next";
import { Suspense } from "react";
import { currentUser } from "../_lib/current-user";
import { WebhooksView } from "./_components/webhooks-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const me = await currentUser("/webhooks");
  return (
    <Suspense>
      <WebhooksView canAct={me.role !== "support"} />
    </Suspense>
  );
}
