// Asks before something that cannot be undone; shows the server's refusal in place.
"use client";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorNote } from "./alerts";

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
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
            Cancel
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={() => mutation.mutate()}>
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
