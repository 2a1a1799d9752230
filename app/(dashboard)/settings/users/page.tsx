// Settings › Users: the account's dashboard users; owners add, change roles and remove.
import type { Metadata } from "next";
import { ownerRoles } from "@/lib/core/users/roles";
import { currentUser } from "../../_lib/current-user";
import { roleRefusal } from "../../_lib/require-role";
import { UsersView } from "./_components/users-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await currentUser("/settings/users");
  const refusal = roleRefusal(me, ownerRoles, "manage the account's users", "Users");
  if (refusal) return refusal;
  return <UsersView meId={me.userId} accountName={me.account.name} />;
}
