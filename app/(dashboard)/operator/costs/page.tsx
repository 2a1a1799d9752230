// Operator › Costs: each connector's cost per part, imported and exported as CSV.
import type { Metadata } from "next";
import { operatorPage } from "../operator-page";
import { CostsView } from "./_components/costs-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Costs" };

export default async function CostsPage({ searchParams }: { searchParams: Promise<{ connector?: string | string[] }> }) {
  await operatorPage("/operator/costs");
  const { connector } = await searchParams;
  return <CostsView connectorId={typeof connector === "string" ? connector : ""} />;
}
