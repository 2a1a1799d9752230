// Settings › Users: the account's dashboard users; owners add, change roles and remove.
import type { Metadata } from "next";
import { ownerRoles } from "@/lib/core/users/roles";
import { forRoles } from "../../_lib/require-role";
import { UsersView } from "./_components/users-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  return forRoles("/settings/users", ownerRoles, "manage the account's users", "Users", (me) => <UsersView meId={me.userId} accountName={me.account.name} />);
}
