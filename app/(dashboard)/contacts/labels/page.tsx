// Contacts › Custom fields: the built-in fields and the account's own labels.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { LabelsView } from "../_components/labels-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Contact fields" };

export default async function LabelsPage() {
  const me = await currentUser("/contacts/labels");
  return <LabelsView canEdit={me.role !== "support"} />;
}
