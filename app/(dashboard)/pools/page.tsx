// Pools: groups of rented numbers that choose the sender of each SMS sent through them.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { PoolsView } from "./_components/pools-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pools" };

export default async function PoolsPage() {
  const me = await currentUser("/pools");
  return <PoolsView canManage={me.role !== "support"} />;
}
