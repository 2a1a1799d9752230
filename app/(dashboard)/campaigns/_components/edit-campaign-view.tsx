// Loads a campaign for the composer; only a Scheduled campaign can be changed.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ClockIcon } from "@/components/ui/icons";
import { Skeletons } from "@/components/ui/skeleton";
import { CampaignLoadError } from "./campaign-load-error";
import { campaignKey, fetchCampaign } from "./api";
import { ComposerView } from "./composer/composer-view";

export function EditCampaignView({ id, canEdit }: { id: string; canEdit: boolean }) {
  const query = useQuery({ queryKey: campaignKey(id), queryFn: () => fetchCampaign(id), staleTime: 0, refetchOnWindowFocus: false });
  if (query.isPending) return <Skeletons className="space-y-6" sizes={["h-8 w-64", "h-40", "h-64"]} />;
  if (query.isError) return <CampaignLoadError error={query.error} />;
  const c = query.data.campaign;
  if (c.state !== "Scheduled")
    return (
      <Card>
        <EmptyState
          icon={<ClockIcon size={22} />}
          title={`${c.campaignName || "This campaign"} is ${c.state}`}
          description="Only a Scheduled campaign can be changed. Once it starts, its messages are on their way."
          action={
            <Link href={`/campaigns/${c.trackingId}`} className={buttonClasses("primary")}>
              Open the campaign
            </Link>
          }
        />
      </Card>
    );
  return <ComposerView campaign={c} canEdit={canEdit} />;
}
