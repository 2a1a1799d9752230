// Operator › Connectors: the SMPP connections with their live status.
import type { Metadata } from "next";
import { operatorPage } from "../operator-page";
import { ConnectorsView } from "./_components/connectors-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connectors" };

export default async function ConnectorsPage() {
  await operatorPage("/operator/connectors");
  return <ConnectorsView />;
}
