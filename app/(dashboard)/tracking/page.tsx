// Tracking: search every message part of the account, open one in a drawer, export the search.
// Support users read; owners and marketers may also resend callbacks.
import type { Metadata } from "next";
import { Suspense } from "react";
import { currentUser } from "../_lib/current-user";
import { TrackingView } from "./_components/tracking-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tracking" };

export default async function TrackingPage() {
  const me = await currentUser("/tracking");
  return (
    <Suspense>
      <TrackingView canResend={me.role !== "support"} />
    </Suspense>
  );
}
