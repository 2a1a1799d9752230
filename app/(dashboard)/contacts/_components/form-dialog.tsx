// A dialog around one form: Cancel and a submit button bound to the form by id, both held while
// the request is in flight (Esc and the backdrop too).
"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export function FormDialog({
  open,
  onClose,
  pending,
  title,
  description,
  formId,
  submitLabel,
  submitDisabled,
  children,
}: {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** The id of the <form> among the children. */
  formId: string;
  submitLabel: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!pending}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
