// Operator › Accounts › one account.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isUuid } from "@/lib/ids";
import { requirePlatformAdmin } from "../../_lib/require-admin";
import { AccountView } from "../_components/account-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account · Operator" };

export default async function OperatorAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePlatformAdmin(`/operator/accounts/${id}`);
  if (!isUuid(id)) notFound();
  return <AccountView accountId={id} />;
}
