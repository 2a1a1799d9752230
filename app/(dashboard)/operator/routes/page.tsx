// Operator › Routes: the ordered routing rules.
import type { Metadata } from "next";
import { operatorPage } from "../operator-page";
import { RoutesView } from "./_components/routes-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Routes" };

export default async function RoutesPage() {
  await operatorPage("/operator/routes");
  return <RoutesView />;
}
