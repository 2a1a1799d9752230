// Applications: the account's API credentials, managed by owners; other roles get a refusal.
import type { Metadata } from "next";
import { forRoles } from "../_lib/require-role";
import { ownerRoles } from "@/lib/core/users/roles";
import { ApplicationsView } from "./_components/applications-view";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Applications" };

export default async function ApplicationsPage() {
  return forRoles("/applications", ownerRoles, "manage applications (API credentials)", "Applications", (me) => (
    <ApplicationsView canManage={me.role === "owner"} apiBaseUrl={`${env().PUBLIC_URL}/api`} />
  ));
}
