// Deleting a Scheduled campaign: nothing was charged or sent, and it leaves no trace.
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { campaignsKey, deleteCampaign, type CampaignView } from "./api";

export function DeleteCampaignDialog({ campaign, onClose }: { campaign: CampaignView | null; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => deleteCampaign(id),
    onSuccess: () => {
      toast({ title: "Campaign deleted", description: `${campaign?.campaignName || "The campaign"} will not be sent.` });
      void queryClient.invalidateQueries({ queryKey: campaignsKey });
      router.push("/campaigns");
    },
  });
  return (
    <Dialog
      open={campaign !== null}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      dismissible={!mutation.isPending}
      title={`Delete ${campaign?.campaignName || "this campaign"}?`}
      description="It will not be sent and nothing is charged. This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Keep it
          </Button>
          <Button variant="danger" loading={mutation.isPending || mutation.isSuccess} onClick={() => campaign && mutation.mutate(campaign.trackingId)} data-autofocus>
            Delete campaign
          </Button>
        </>
      }
    >
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {mutation.error.message}
        </p>
      )}
    </Dialog>
  );
}
