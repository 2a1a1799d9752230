// Confirms revoking an application; its credentials and every token it issued stop working.
"use client";
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { applicationsKey, revokeApplication, type ApplicationView } from "./api";

export function RevokeApplicationDialog({ application, onClose, onRevoked }: { application: ApplicationView | null; onClose: () => void; onRevoked: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={application !== null}
      onClose={onClose}
      title={application ? `Revoke “${application.name}”?` : "Revoke application"}
      description="Its id and secret stop working at once, and every access token it issued is revoked. This cannot be undone."
      confirmLabel="Revoke"
      onConfirm={async () => {
        if (!application) return;
        await revokeApplication(application.applicationId);
        await queryClient.invalidateQueries({ queryKey: applicationsKey });
        onRevoked();
        toast({ title: "Application revoked", description: `“${application.name}” and its tokens no longer work.` });
      }}
    />
  );
}
