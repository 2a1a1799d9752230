// Numbers: the account's rented numbers and the catalogue to rent more from.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { NumbersView } from "./_components/numbers-view";
import { fromMicros } from "@/lib/money";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Numbers" };

export default async function NumbersPage() {
  const me = await currentUser("/numbers");
  return <NumbersView canManage={me.role !== "support"} balance={{ price: fromMicros(me.account.balanceMicros), currency: me.account.currency }} />;
}
