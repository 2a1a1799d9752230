// Contacts: the address book, searched and filtered by group, with create, edit and bulk
// actions. Support users can look but not change.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { ContactsView } from "./_components/contacts-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Contacts" };

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await currentUser("/contacts");
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  return <ContactsView canEdit={me.role !== "support"} initialGroup={first(params.group)} initialSearch={first(params.q)} />;
}
