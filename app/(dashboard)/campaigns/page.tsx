// Campaigns: every named campaign with its state, progress and counts; owners and marketers
// start new ones.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { CampaignsView } from "./_components/campaigns-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaigns" };

export default async function CampaignsPage() {
  const me = await currentUser("/campaigns");
  return <CampaignsView canEdit={me.role !== "support"} />;
}
