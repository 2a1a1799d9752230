// A campaign that could not be loaded, on its page and in the editor: gone (another account's,
// or deleted) or the server's reason, and the way back to the list.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertIcon } from "@/components/ui/icons";
import { ApiError } from "@/lib/ui/api-client";

export function CampaignLoadError({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404;
  const back = (
    <Link href="/campaigns" className={buttonClasses("secondary")}>
      All campaigns
    </Link>
  );
  return (
    <Card>
      <EmptyState
        icon={<AlertIcon size={22} />}
        title={gone ? "No such campaign" : "This campaign could not be loaded"}
        description={gone ? "It may have been deleted, or it belongs to another account." : error.message}
        action={back}
      />
    </Card>
  );
}
