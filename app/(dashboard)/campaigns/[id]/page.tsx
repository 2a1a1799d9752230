// One campaign: its state and counts live, statuses over time, state timeline and messages.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { CampaignView } from "../_components/campaign-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const me = await currentUser(`/campaigns/${encodeURIComponent(id)}`);
  return <CampaignView id={id} canEdit={me.role !== "support"} />;
}
