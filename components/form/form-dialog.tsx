// A dialog around one form: Cancel and a submit button bound to the form by id, both held while
// the request is in flight (Esc and the backdrop too).
"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type ModalProps } from "@/components/ui/dialog";

export function FormDialog({
  open,
  onClose,
  pending,
  title,
  description,
  size,
  formId,
  submitLabel,
  submitDisabled,
  cancelLabel = "Cancel",
  children,
}: {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalProps["size"];
  /** The id of the <form> among the children. */
  formId: string;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!pending}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
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
