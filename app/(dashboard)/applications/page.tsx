// Applications: the account's API credentials. Owners create and revoke; everyone can look.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { ApplicationsView } from "./_components/applications-view";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Applications" };

export default async function ApplicationsPage() {
  const me = await currentUser("/applications");
  return <ApplicationsView canManage={me.role === "owner"} apiBaseUrl={`${env().PUBLIC_URL}/api`} />;
}
