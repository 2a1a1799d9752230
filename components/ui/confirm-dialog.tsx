// Asks before something that cannot be undone; shows the server's refusal in place. Revoking an
// application, removing a user, deleting a contact, a group or a scheduled campaign. Like the
// form dialogs, it refreshes what the action changed and says it is done before it closes.
"use client";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { ErrorNote } from "./error-note";
import { type FollowUp, useFollowUp } from "./use-follow-up";

export function ConfirmDialog<TResult>({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmDisabled,
  onConfirm,
  refresh,
  announce,
  onDone,
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
  /** Runs the action; once it resolves, the refresh, the toast and onDone follow, then the dialog closes. */
  onConfirm: () => Promise<TResult>;
  /** After the refresh and the toast, before the dialog closes: what else follows (leave the page). */
  onDone?: (result: TResult) => unknown;
  onClose: () => void;
  children?: ReactNode;
} & FollowUp<TResult>) {
  const mutation = useMutation({
    mutationFn: onConfirm,
    onSuccess: useFollowUp({ refresh, announce }, async (result) => {
      await onDone?.(result);
      close(true);
    }),
  });
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
