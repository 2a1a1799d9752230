// Adds a user: email, name and role; the answer's generated password goes to the next dialog.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { ErrorNote } from "@/components/ui/error-note";
import { roles, roleSummaries } from "@/lib/core/users/roles";
import { addUserForm } from "@/lib/schemas/dashboard-users";
import { ApiError } from "@/lib/ui/api-client";
import { roleLabel } from "@/lib/ui/format";
import { addUser, usersKey, type AddedUser, type AddUserForm } from "./api";

const defaults: AddUserForm = { email: "", name: "", role: "marketer" };

export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (u: AddedUser) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<AddUserForm>({ resolver: zodResolver(addUserForm), defaultValues: defaults });
  const mutation = useMutation({
    mutationFn: addUser,
    onSuccess: async (u) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      form.reset(defaults);
      mutation.reset();
      onAdded(u);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === "409001002") form.setError("email", { type: "server", message: "A user with this email already exists." });
      else if (err instanceof ApiError)
        for (const [key, text] of Object.entries(err.properties)) if (key in defaults) form.setError(key as keyof AddUserForm, { type: "server", message: text });
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    form.reset(defaults);
    mutation.reset();
    onClose();
  };
  const role = form.watch("role");
  const errors = form.formState.errors;
  const generic = mutation.isError && !(mutation.error instanceof ApiError && (mutation.error.code === "409001002" || Object.keys(mutation.error.properties).length));
  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={mutation.isPending}
      title="Add a user"
      description="They sign in with their email and a generated password, shown to you once."
      formId="add-user-form"
      submitLabel="Add user"
    >
      <form id="add-user-form" noValidate className="space-y-4 pb-2" onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        {generic && <ErrorNote>{mutation.error?.message}</ErrorNote>}
        <Field id="user-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" placeholder="name@example.com" data-autofocus {...form.register("email")} />
        </Field>
        <Field id="user-name" label="Name" optional error={errors.name?.message}>
          <Input autoComplete="off" placeholder="Maria Papadopoulou" {...form.register("name")} />
        </Field>
        <Field id="user-role" label="Role" hint={roleSummaries[role]} error={errors.role?.message}>
          <Select {...form.register("role")}>
            <Options values={roles} label={roleLabel} />
          </Select>
        </Field>
      </form>
    </FormDialog>
  );
}
