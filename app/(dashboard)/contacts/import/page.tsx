// Contacts › Import: a CSV of contacts, mapped, previewed and imported in chunks with a report.
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "../../_lib/current-user";
import { ContactsTabs } from "../_components/contacts-tabs";
import { UploadIcon } from "@/components/ui/icons";
import { ImportView } from "./_components/import-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Import contacts" };

export default async function ImportPage() {
  const me = await currentUser("/contacts/import");
  if (me.role === "support")
    return (
      <>
        <PageHeader title="Contacts" />
        <ContactsTabs active="/contacts/import" />
        <EmptyState
          icon={<UploadIcon size={22} />}
          title="Importing needs the owner or marketer role"
          description="Support staff can look up contacts but not add or change them."
          action={
            <Link href="/contacts" className={buttonClasses("secondary")}>
              Back to contacts
            </Link>
          }
        />
      </>
    );
  return <ImportView />;
}
