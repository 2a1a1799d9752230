// A rented number: its conversations with a reply box, its callbacks, its history, cancelling.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { NumberView } from "../_components/number-view";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ msisdn: string }> }): Promise<Metadata> {
  return { title: `+${(await params).msisdn.replace(/^\+/, "")}` };
}

export default async function NumberPage({ params }: { params: Promise<{ msisdn: string }> }) {
  const me = await currentUser("/numbers");
  const { msisdn } = await params;
  return <NumberView msisdn={`+${decodeURIComponent(msisdn).replace(/^\+/, "")}`} canManage={me.role !== "support"} />;
}
