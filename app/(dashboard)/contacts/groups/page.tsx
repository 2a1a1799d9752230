// Contacts › Groups: every group with its size; create, merge and delete.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { GroupsView } from "../_components/groups-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Contact groups" };

export default async function GroupsPage() {
  const me = await currentUser("/contacts/groups");
  return <GroupsView canEdit={me.role !== "support"} />;
}
