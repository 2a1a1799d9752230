// Asks before something that cannot be undone; shows the server's refusal in place. Revoking an
// application, removing a user, deleting a contact, a group or a scheduled campaign.
"use client";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { ErrorNote } from "./error-note";

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmDisabled,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action is not possible now (the children say why). */
  confirmDisabled?: boolean;
  /** Runs the action; the dialog closes when it resolves. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const mutation = useMutation({ mutationFn: onConfirm, onSuccess: () => close(true) });
  function close(force = false) {
    if (mutation.isPending && !force) return;
    mutation.reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={() => close()}
      dismissible={!mutation.isPending}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={mutation.isPending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant="danger" loading={mutation.isPending} disabled={confirmDisabled} onClick={() => mutation.mutate()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {(children || mutation.isError) && (
        <div className="space-y-3 pb-2">
          {children}
          {mutation.isError && <ErrorNote>{mutation.error.message}</ErrorNote>}
        </div>
      )}
    </Dialog>
  );
}
