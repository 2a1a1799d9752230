// Deleting a Scheduled campaign: nothing was charged or sent, and it leaves no trace.
"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { campaignsKey, deleteCampaign, type CampaignView } from "./api";

export function DeleteCampaignDialog({ campaign, onClose }: { campaign: CampaignView | null; onClose: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      open={campaign !== null}
      onClose={onClose}
      title={`Delete ${campaign?.campaignName || "this campaign"}?`}
      description="It will not be sent and nothing is charged. This cannot be undone."
      confirmLabel="Delete campaign"
      cancelLabel="Keep it"
      onConfirm={async () => {
        if (campaign) await deleteCampaign(campaign.trackingId);
      }}
      announce={() => ({ title: "Campaign deleted", description: `${campaign?.campaignName || "The campaign"} will not be sent.` })}
      onDone={() => {
        // Not awaited: the refetch would ask for the campaign just deleted.
        void queryClient.invalidateQueries({ queryKey: campaignsKey });
        router.push("/campaigns");
      }}
    />
  );
}
