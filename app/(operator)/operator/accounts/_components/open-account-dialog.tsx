// Opens an account for a customer: its name, currency and opening credit, and its first owner,
// who signs in with a generated password shown once in the next dialog.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { ReadOnlyValue } from "@/components/ui/read-only-value";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { supportedCurrencies } from "@/lib/money";
import { openAccountForm } from "@/lib/schemas/operator";
import { accountsKey, openAccount, type OpenAccountForm, type OpenedAccount } from "./api";

const defaults: OpenAccountForm = { name: "", currency: "EUR", balance: "0", ownerEmail: "", ownerName: "" };
const fields = ["name", "currency", "balance", "ownerEmail", "ownerName"] as const;
const emailTaken = { field: "ownerEmail", code: "409001002", message: "A user with this email already exists." } as const;

export function OpenAccountDialog({ open, onClose, onOpened }: { open: boolean; onClose: () => void; onOpened: (a: OpenedAccount) => void }) {
  const form = useForm<OpenAccountForm>({ resolver: zodResolver(openAccountForm), defaultValues: defaults });
  const dialog = useFormDialog(form, { open, onClose, submit: openAccount, refresh: [accountsKey], onSaved: onOpened, fields, conflict: emailTaken });
  const errors = form.formState.errors;
  return (
    <FormDialog {...dialog} title="Open an account" description="The account and its first owner, who can then add the account's other users." submitLabel="Open account">
      <Field id="account-name" label="Account name" error={errors.name?.message}>
        <Input autoComplete="off" placeholder="Acme Ltd" data-autofocus {...form.register("name")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="account-currency" label="Currency" hint="Balance, prices and charges are in it; it cannot change later." error={errors.currency?.message}>
          <Select {...form.register("currency")}>
            <Options values={supportedCurrencies} />
          </Select>
        </Field>
        <Field id="account-balance" label="Opening credit" hint="Written in the ledger as a top-up." error={errors.balance?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register("balance")} />
        </Field>
      </div>
      <Field id="owner-email" label="Owner's email" error={errors.ownerEmail?.message}>
        <Input type="email" autoComplete="off" placeholder="owner@acme.example" {...form.register("ownerEmail")} />
      </Field>
      <Field id="owner-name" label="Owner's name" optional error={errors.ownerName?.message}>
        <Input autoComplete="off" {...form.register("ownerName")} />
      </Field>
    </FormDialog>
  );
}

/** Shown once, right after opening an account: the owner's email and generated password. */
export function OwnerPasswordDialog({ opened, onClose }: { opened: OpenedAccount | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      open={opened !== null}
      onClose={onClose}
      title="Account opened"
      description={opened ? `${opened.account.name} is open; its owner can sign in now.` : undefined}
      warning="This password will not be shown again."
      advice="Send it to the owner over a channel you trust."
      keptLabel="I have passed the password on"
      actions={
        opened && (
          <Link href={`/operator/accounts/${opened.account.id}`} className={buttonClasses("secondary")} onClick={onClose}>
            Go to the account
          </Link>
        )
      }
    >
      {opened && (
        <>
          <ReadOnlyValue id="opened-account-id" label="Account id" value={opened.account.id} />
          <ReadOnlyValue id="opened-owner-email" label="Owner's email" value={opened.owner.email} />
          {opened.password && <ReadOnlyValue id="opened-owner-password" label="Initial password" value={opened.password} />}
        </>
      )}
    </ShownOnceDialog>
  );
}
