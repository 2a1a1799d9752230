// Operator › Routes: the ordered routing rules.
import type { Metadata } from "next";
import { requirePlatformAdmin } from "../_lib/require-admin";
import { RoutesView } from "./_components/routes-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Routes · Operator" };

export default async function RoutesPage() {
  await requirePlatformAdmin("/operator/routes");
  return <RoutesView />;
}
