// Credits or debits an account by hand; the reason goes in its ledger with the change.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Segmented } from "@/components/ui/segmented";
import { balanceForm } from "@/lib/schemas/operator";
import { formatAmount } from "@/lib/ui/format";
import { accountsKey, adjustBalance, type BalanceForm, type OperatorAccountDetail } from "./api";

const directions = [
  { id: "credit", label: "Credit" },
  { id: "debit", label: "Debit" },
] as const;

export function BalanceDialog({ account, open, onClose }: { account: OperatorAccountDetail; open: boolean; onClose: () => void }) {
  const form = useForm<BalanceForm>({ resolver: zodResolver(balanceForm), defaultValues: { direction: "credit", amount: "", reason: "" } });
  const dialog = useFormDialog(form, {
    open,
    onClose,
    submit: (body: BalanceForm) => adjustBalance(account.id, body),
    refresh: [accountsKey],
    announce: (r) => ({ tone: "success", title: "Balance changed", description: `${account.name}'s balance is ${formatAmount(r.balance, r.currency)}.` }),
    fields: ["amount", "reason"],
  });
  const direction = form.watch("direction");
  const errors = form.formState.errors;
  return (
    <FormDialog
      {...dialog}
      title="Credit or debit"
      description={`The balance is ${formatAmount(account.balance, account.currency)}. The change and its reason are written in the account's ledger; a debit cannot take the balance below zero.`}
      submitLabel={direction === "credit" ? "Credit account" : "Debit account"}
    >
      <Segmented label="Direction" options={directions} value={direction} onChange={(d) => form.setValue("direction", d)} />
      <Field id="balance-amount" label={`Amount (${account.currency})`} error={errors.amount?.message}>
        <Input inputMode="decimal" autoComplete="off" placeholder="25.00" data-autofocus {...form.register("amount")} />
      </Field>
      <Field id="balance-reason" label="Reason" error={errors.reason?.message}>
        <Input autoComplete="off" placeholder="Bank transfer 2026-11-25" {...form.register("reason")} />
      </Field>
    </FormDialog>
  );
}
