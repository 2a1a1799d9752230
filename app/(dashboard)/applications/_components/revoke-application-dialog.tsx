// Confirms revoking an application; its credentials and every token it issued stop working.
"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { applicationsKey, revokeApplication, type ApplicationView } from "./api";

export function RevokeApplicationDialog({ application, onClose, onRevoked }: { application: ApplicationView | null; onClose: () => void; onRevoked: () => void }) {
  return (
    <ConfirmDialog
      open={application !== null}
      onClose={onClose}
      title={application ? `Revoke “${application.name}”?` : "Revoke application"}
      description="Its id and secret stop working at once, and every access token it issued is revoked. This cannot be undone."
      confirmLabel="Revoke"
      onConfirm={async () => {
        if (application) await revokeApplication(application.applicationId);
      }}
      refresh={[applicationsKey]}
      announce={() => ({ title: "Application revoked", description: `“${application?.name}” and its tokens no longer work.` })}
      onDone={onRevoked}
    />
  );
}
