// Operator › Accounts: every account of the platform.
import type { Metadata } from "next";
import { requirePlatformAdmin } from "../_lib/require-admin";
import { AccountsView } from "./_components/accounts-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Accounts · Operator" };

export default async function OperatorAccountsPage() {
  await requirePlatformAdmin("/operator/accounts");
  return <AccountsView />;
}
