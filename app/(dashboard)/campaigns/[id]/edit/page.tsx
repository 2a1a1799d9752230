// Edit a Scheduled campaign in the composer.
import type { Metadata } from "next";
import { currentUser } from "../../../_lib/current-user";
import { roleRefusal } from "../../../_lib/require-role";
import { composerRoles } from "@/lib/core/users/roles";
import { EditCampaignView } from "../../_components/edit-campaign-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit campaign" };

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const me = await currentUser(`/campaigns/${encodeURIComponent(id)}/edit`);
  const refusal = roleRefusal(me, composerRoles, "change or send campaigns", "Edit campaign");
  if (refusal) return refusal;
  return <EditCampaignView id={id} canEdit={me.role !== "support"} />;
}
