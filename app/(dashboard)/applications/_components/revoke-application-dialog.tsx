// Confirms revoking an application; its credentials and every token it issued stop working.
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { applicationsKey, revokeApplication, type ApplicationView } from "./api";

export function RevokeApplicationDialog({ application, onClose, onRevoked }: { application: ApplicationView | null; onClose: () => void; onRevoked: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (a: ApplicationView) => revokeApplication(a.applicationId),
    onSuccess: async (a) => {
      await queryClient.invalidateQueries({ queryKey: applicationsKey });
      mutation.reset();
      onRevoked();
      onClose();
      toast({ title: "Application revoked", description: `“${a.name}” and its tokens no longer work.` });
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  return (
    <Dialog
      open={application !== null}
      onClose={close}
      dismissible={!mutation.isPending}
      title={application ? `Revoke “${application.name}”?` : "Revoke application"}
      description="Its id and secret stop working at once, and every access token it issued is revoked. This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={() => application && mutation.mutate(application)}>
            Revoke
          </Button>
        </>
      }
    >
      {mutation.isError && (
        <div role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          <AlertIcon className="mt-0.5 shrink-0" />
          {mutation.error.message}
        </div>
      )}
    </Dialog>
  );
}
