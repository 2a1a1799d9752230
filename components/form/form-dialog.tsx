// A dialog around one form: the refusal above the fields, Cancel, and a submit button bound to
// the form by id, both held while the request is in flight (Esc and the backdrop too). Given
// onSubmit (see use-form-submit.ts), the dialog holds the <form> and the children are its
// fields; without it, a child <form id={formId}> handles its own submit.
"use client";
import { type FormEvent, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type ModalProps } from "@/components/ui/dialog";
import { ErrorNote } from "@/components/ui/error-note";

export function FormDialog({
  open,
  onClose,
  pending,
  title,
  description,
  size,
  formId,
  onSubmit,
  error,
  formClassName = "space-y-4 pb-2",
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
  /** The id of the <form> the submit button in the footer names: a child form's (without onSubmit). */
  formId?: string;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal, shown above the fields. */
  error?: string;
  formClassName?: string;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = formId ?? ownId;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit?.(e);
  };
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
          <Button type="submit" form={id} loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {onSubmit ? (
        <form id={id} noValidate onSubmit={submit} className={formClassName}>
          {error && <ErrorNote>{error}</ErrorNote>}
          {children}
        </form>
      ) : (
        children
      )}
    </Dialog>
  );
}
