// What every dialog form does around its fields: submit the validated values once; on success
// refresh what changed, reset and close; put a refusal on its field (a name already taken) or
// above the fields; hold closing while the request is in flight. Spread the result into
// <FormDialog>.
"use client";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError, reasonOf } from "@/lib/ui/api-client";

export interface FormDialogOptions<TForm extends FieldValues, TBody, TResult> {
  open: boolean;
  onClose: () => void;
  submit: (body: TBody) => Promise<TResult>;
  /** Queries the change shows in, refreshed before the dialog closes. */
  refresh?: QueryKey[];
  /** After the refresh, before the dialog closes: say so, hand the result on. */
  onSaved?: (result: TResult) => unknown;
  /** Fields that take the server's per-field messages ("scopes.0" lands on scopes). */
  fields?: readonly FieldPath<TForm>[];
  /** A conflict (409, or this error code) is this field's message: the name is taken. */
  conflict?: { field: FieldPath<TForm>; message: string; code?: string };
  /** Above the fields when the server's reason could not be read. */
  fallback?: string;
}

export function useFormDialog<TForm extends FieldValues, TBody, TResult>(form: UseFormReturn<TForm, unknown, TBody>, options: FormDialogOptions<TForm, TBody, TResult>) {
  const { open, onClose, submit, refresh = [], onSaved, fields = [], conflict, fallback } = options;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result) => {
      for (const queryKey of refresh) await queryClient.invalidateQueries({ queryKey });
      await onSaved?.(result);
      form.reset();
      mutation.reset();
      onClose();
    },
    onError: (err) => {
      if (conflict && err instanceof ApiError && (conflict.code ? err.code === conflict.code : err.status === 409)) return form.setError(conflict.field, { type: "server", message: conflict.message });
      if (placeOnFields(form, err, fields)) return;
      form.setError("root.server", { type: "server", message: reasonOf(err, fallback ?? err.message) });
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    form.reset();
    mutation.reset();
    onClose();
  };
  return { open, onClose: close, pending: mutation.isPending, onSubmit: form.handleSubmit((body) => mutation.mutate(body)), error: form.formState.errors.root?.server?.message };
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
