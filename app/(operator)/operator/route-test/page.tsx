// Operator › Route tester: where a message would go, and which rule sends it there.
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePlatformAdmin } from "../_lib/require-admin";
import { RouteTester } from "./_components/route-tester";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Route tester · Operator" };

export default async function RouteTestPage() {
  await requirePlatformAdmin("/operator/route-test");
  return (
    <>
      <PageHeader title="Route tester" description="The connector a message would go to now, and the route that chooses it: the same decision the workers make." />
      <RouteTester />
    </>
  );
}
