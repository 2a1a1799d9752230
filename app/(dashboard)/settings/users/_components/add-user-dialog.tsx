// Adds a user: email, name and role; the answer's generated password goes to the next dialog.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { roles, roleSummaries } from "@/lib/core/users/roles";
import { addUserForm } from "@/lib/schemas/dashboard-users";
import { roleLabel } from "@/lib/ui/format";
import { addUser, usersKey, type AddedUser, type AddUserForm } from "./api";

const defaults: AddUserForm = { email: "", name: "", role: "marketer" };
const fields = ["email", "name", "role"] as const;
const emailTaken = { field: "email", code: "409001002", message: "A user with this email already exists." } as const;

export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (u: AddedUser) => void }) {
  const form = useForm<AddUserForm>({ resolver: zodResolver(addUserForm), defaultValues: defaults });
  const dialog = useFormDialog(form, { open, onClose, submit: addUser, refresh: [usersKey], onSaved: onAdded, fields, conflict: emailTaken });
  const role = form.watch("role");
  const errors = form.formState.errors;
  return (
    <FormDialog {...dialog} title="Add a user" description="They sign in with their email and a generated password, shown to you once." submitLabel="Add user">
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
    </FormDialog>
  );
}
