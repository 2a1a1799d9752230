// Edit a Scheduled campaign in the composer.
import type { Metadata } from "next";
import { forRoles } from "../../../_lib/require-role";
import { composerRoles } from "@/lib/core/users/roles";
import { EditCampaignView } from "../../_components/edit-campaign-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit campaign" };

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return forRoles(`/campaigns/${encodeURIComponent(id)}/edit`, composerRoles, "change or send campaigns", "Edit campaign", (me) => <EditCampaignView id={id} canEdit={me.role !== "support"} />);
}
