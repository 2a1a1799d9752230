// Operator › Connectors: the SMPP connections with their live status.
import type { Metadata } from "next";
import { requirePlatformAdmin } from "../_lib/require-admin";
import { ConnectorsView } from "./_components/connectors-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connectors · Operator" };

export default async function ConnectorsPage() {
  await requirePlatformAdmin("/operator/connectors");
  return <ConnectorsView />;
}
