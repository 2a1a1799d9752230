// New campaign: the composer.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { roleRefusal } from "../../_lib/require-role";
import { composerRoles } from "@/lib/core/users/roles";
import { ComposerView } from "../_components/composer/composer-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  const me = await currentUser("/campaigns/new");
  const refusal = roleRefusal(me, composerRoles, "create or send campaigns", "New campaign");
  if (refusal) return refusal;
  return <ComposerView canEdit={me.role !== "support"} />;
}
