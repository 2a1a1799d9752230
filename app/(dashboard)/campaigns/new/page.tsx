// New campaign: the composer.
import type { Metadata } from "next";
import { forRoles } from "../../_lib/require-role";
import { composerRoles } from "@/lib/core/users/roles";
import { ComposerView } from "../_components/composer/composer-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  return forRoles("/campaigns/new", composerRoles, "create or send campaigns", "New campaign", (me) => <ComposerView canEdit={me.role !== "support"} />);
}
