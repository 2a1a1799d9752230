// Settings › Audit log: who did what in the account, from where and when (owners).
import type { Metadata } from "next";
import { ownerRoles } from "@/lib/core/users/roles";
import { forRoles } from "../../_lib/require-role";
import { AuditView } from "./_components/audit-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  return forRoles("/settings/audit", ownerRoles, "read the account's audit log", "Audit log", (me) => <AuditView accountName={me.account.name} />);
}
