// Operator › Costs: each connector's cost per part, imported and exported as CSV.
import type { Metadata } from "next";
import { requirePlatformAdmin } from "../_lib/require-admin";
import { CostsView } from "./_components/costs-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Costs · Operator" };

export default async function CostsPage({ searchParams }: { searchParams: Promise<{ connector?: string | string[] }> }) {
  await requirePlatformAdmin("/operator/costs");
  const { connector } = await searchParams;
  return <CostsView connectorId={typeof connector === "string" ? connector : ""} />;
}
