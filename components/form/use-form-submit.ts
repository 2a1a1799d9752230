// What every dashboard form does around its fields: send the validated values once, refresh what
// changed and say so, and put a refusal on its fields (a name already taken) or above them; in a
// dialog, also reset and close, and hold closing while the request is in flight. Spread the
// result into <FormCard> or <FormDialog>.
"use client";
import { useMutation } from "@tanstack/react-query";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { type FollowUp, useFollowUp } from "@/components/ui/use-follow-up";
import { ApiError, problemOf } from "@/lib/ui/api-client";

export interface FormSubmitOptions<TForm extends FieldValues, TBody, TResult> extends FollowUp<TResult> {
  submit: (body: TBody) => Promise<TResult>;
  /** After the refresh and the toast: hand the result on. */
  onSaved?: (result: TResult) => unknown;
  /** Fields that take the server's per-field messages ("scopes.0" lands on scopes). */
  fields?: readonly FieldPath<TForm>[];
  /** A conflict (409, or this error code) is this field's message: the name is taken. */
  conflict?: { field: FieldPath<TForm>; message: string; code?: string };
  /** Above the fields when the server's answer could not be read. */
  fallback?: string;
}

/** A form that sends its validated values once; spread the result into <FormCard>. */
export function useFormSubmit<TForm extends FieldValues, TBody, TResult>(form: UseFormReturn<TForm, unknown, TBody>, options: FormSubmitOptions<TForm, TBody, TResult>) {
  return useSubmission(form, options).submitting;
}

function useSubmission<TForm extends FieldValues, TBody, TResult>(form: UseFormReturn<TForm, unknown, TBody>, options: FormSubmitOptions<TForm, TBody, TResult>) {
  const { submit, refresh, announce, onSaved, fields = [], conflict, fallback } = options;
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: useFollowUp({ refresh, announce }, onSaved),
    onError: (err) => {
      if (conflict && err instanceof ApiError && (conflict.code ? err.code === conflict.code : err.status === 409)) return form.setError(conflict.field, { type: "server", message: conflict.message });
      if (placeOnFields(form, err, fields)) return;
      form.setError("root.server", { type: "server", message: problemOf(err, fallback ?? err.message) });
    },
  });
  const submitting = { pending: mutation.isPending, onSubmit: form.handleSubmit((body) => mutation.mutate(body)), error: form.formState.errors.root?.server?.message };
  return { mutation, submitting };
}

/** The same in a dialog: a success also resets the form and closes; closing waits for the request. */
export function useFormDialog<TForm extends FieldValues, TBody, TResult>(
  form: UseFormReturn<TForm, unknown, TBody>,
  { open, onClose, onSaved, ...options }: FormSubmitOptions<TForm, TBody, TResult> & { open: boolean; onClose: () => void },
) {
  const restart = () => {
    form.reset();
    mutation.reset();
  };
  const { mutation, submitting } = useSubmission(form, {
    ...options,
    onSaved: async (result) => {
      await onSaved?.(result);
      restart();
      onClose();
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    restart();
    onClose();
  };
  return { ...submitting, open, onClose: close };
}

/** Puts the server's per-field messages on the form's fields of that name; true when one landed. */
export function placeOnFields<TForm extends FieldValues>(form: UseFormReturn<TForm, unknown, unknown>, err: Error, fields: readonly FieldPath<TForm>[]): boolean {
  if (!(err instanceof ApiError)) return false;
  let placed = false;
  for (const [key, message] of Object.entries(err.properties)) {
    const field = key.split(".")[0] as FieldPath<TForm>;
    if (!fields.includes(field)) continue;
    form.setError(field, { type: "server", message });
    placed = true;
  }
  return placed;
}
