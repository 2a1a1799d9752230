// Compose: send one SMS with a live count of characters, parts and price. Support users can
// check a message but not send it.
import type { Metadata } from "next";
import { roleLabel } from "@/lib/ui/format";
import { forRoles } from "../_lib/require-role";
import { composerRoles } from "@/lib/core/users/roles";
import { ComposeView } from "./_components/compose-view";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Send SMS" };

export default async function ComposePage() {
  return forRoles("/compose", composerRoles, "send messages", "Send SMS", (me) => <ComposeView canSend={me.role !== "support"} role={roleLabel(me.role)} shortLinkBase={env().SHORT_LINK_BASE} />);
}
