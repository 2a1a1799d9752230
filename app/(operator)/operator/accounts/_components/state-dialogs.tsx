// Suspending an account (with the reason its users and callers are told) and reactivating it.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { suspendForm } from "@/lib/schemas/operator";
import { countOf } from "@/lib/ui/format";
import { accountsKey, resumeAccount, suspendAccount, type OperatorAccountDetail, type SuspendForm } from "./api";

export function SuspendDialog({ account, open, onClose }: { account: OperatorAccountDetail; open: boolean; onClose: () => void }) {
  const form = useForm<SuspendForm>({ resolver: zodResolver(suspendForm), defaultValues: { reason: "" } });
  const dialog = useFormDialog(form, {
    open,
    onClose,
    submit: (body: SuspendForm) => suspendAccount(account.id, body),
    refresh: [accountsKey],
    announce: () => ({ tone: "success", title: "Account suspended", description: `${account.name}'s tokens and users are refused until you reactivate it.` }),
    fields: ["reason"],
  });
  return (
    <FormDialog
      {...dialog}
      title={`Suspend ${account.name}?`}
      description={
        <>
          Its API tokens are refused with 403, its users cannot sign in and are told why, and its campaigns pause ({countOf(account.openCampaigns, "open campaign")} now). Nothing is deleted:
          reactivating the account resumes everything where it stopped.
        </>
      }
      submitLabel="Suspend account"
    >
      <Field id="suspend-reason" label="Reason" optional hint="Shown to the account's users at sign-in and in its API refusals." error={form.formState.errors.reason?.message}>
        <Textarea rows={3} placeholder="Unpaid invoice 2026-11" data-autofocus {...form.register("reason")} />
      </Field>
    </FormDialog>
  );
}

export function ResumeDialog({ account, open, onClose }: { account: OperatorAccountDetail; open: boolean; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Reactivate ${account.name}?`}
      description={`Its tokens and users work again at once, and its paused campaigns go on where they stopped (${countOf(account.parkedJobs, "waiting job")}).`}
      confirmLabel="Reactivate"
      onConfirm={() => resumeAccount(account.id)}
      refresh={[accountsKey]}
      announce={(r) => ({ tone: "success", title: "Account reactivated", description: `${account.name} is active again; ${countOf(r.resumedJobs, "paused job")} went back to work.` })}
    />
  );
}
