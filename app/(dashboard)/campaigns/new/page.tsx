// New campaign: the composer.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { ComposerView } from "../_components/composer/composer-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  const me = await currentUser("/campaigns/new");
  return <ComposerView canEdit={me.role !== "support"} />;
}
