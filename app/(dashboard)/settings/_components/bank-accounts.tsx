// Settings › Bank accounts for top-ups: what GET /api/accounts/me/banks answers every customer.
// Everyone reads them here; platform administrators edit them (the command line's `billing set`
// does the same). The API's zod schema checks the form before it is sent.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray, useForm, type UseFormRegister, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { apiFetch, reasonOf } from "@/lib/ui/api-client";
import { billingDetails, type BillingDetails } from "@/lib/schemas/billing";

type FormValues = z.input<typeof billingDetails>;
const emptyBank = { name: "", address: "", beneficiary: "", number: "", iban: "", swiftCode: "", currency: "EUR", minAmount: 0, country: "" };

export function BankAccounts({ initial, canEdit }: { initial: BillingDetails; canEdit: boolean }) {
  const [details, setDetails] = useState(initial);
  const [editing, setEditing] = useState(false);
  return (
    <Card className="mt-6">
      <CardHeader
        title="Bank accounts for top-ups"
        description="Where customers transfer money to top up; the API answers them at GET /api/accounts/me/banks."
        actions={
          canEdit && !editing ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        {editing ? (
          <BillingForm
            initial={details}
            onSaved={(d) => {
              setDetails(d);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <BankList details={details} canEdit={canEdit} />
        )}
      </CardBody>
    </Card>
  );
}

function BankList({ details, canEdit }: { details: BillingDetails; canEdit: boolean }) {
  if (details.banks.length === 0)
    return (
      <EmptyState
        title="No bank accounts yet"
        description={canEdit ? "Add the accounts customers pay into with Edit, or with `npm run cli -- billing set`." : "The platform operator has not listed any yet."}
      />
    );
  return (
    <div className="space-y-4 text-sm">
      {details.name && (
        <p className="text-slate-600 dark:text-slate-300">
          Pay to <span className="font-medium text-slate-900 dark:text-slate-100">{details.name}</span>
          {details.vatId && ` · VAT ${details.vatId}`}
          {details.email && ` · ${details.email}`}
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Bank accounts">
        {details.banks.map((b, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3.5 dark:border-slate-800">
            <p className="font-medium text-slate-900 dark:text-slate-100">
              {b.name} <span className="font-normal text-slate-500">· {b.currency}</span>
            </p>
            <dl className="mt-2 space-y-1 text-xs">
              {b.beneficiary && <Line label="Beneficiary" value={b.beneficiary} />}
              {b.iban && <Line label="IBAN" value={b.iban} mono />}
              {b.swiftCode && <Line label="SWIFT/BIC" value={b.swiftCode} mono />}
              {b.number && <Line label="Account" value={b.number} mono />}
              {b.minAmount > 0 && <Line label="Minimum" value={`${b.minAmount} ${b.currency}`} />}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Line({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={mono ? "font-mono break-all" : undefined}>{value}</dd>
    </div>
  );
}

function BillingForm({ initial, onSaved, onCancel }: { initial: BillingDetails; onSaved: (d: BillingDetails) => void; onCancel: () => void }) {
  const toast = useToast();
  const form = useForm<FormValues, unknown, BillingDetails>({ resolver: zodResolver(billingDetails), defaultValues: initial });
  const banks = useFieldArray({ control: form.control, name: "banks" });
  const mutation = useMutation({
    mutationFn: (body: BillingDetails) => apiFetch<BillingDetails>("/api/operator/billing", { method: "PUT", json: body }),
    onSuccess: (saved) => {
      toast({ title: "Bank accounts saved", description: `${saved.banks.length} bank account${saved.banks.length === 1 ? "" : "s"} listed for customers.` });
      onSaved(saved);
    },
    onError: (err) => form.setError("root", { type: "server", message: reasonOf(err, "The details could not be saved.") }),
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="space-y-5" aria-label="Billing details">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="billing-name" label="Provider name" optional error={errors.name?.message}>
          <Input {...form.register("name")} />
        </Field>
        <Field id="billing-email" label="Billing email" optional error={errors.email?.message}>
          <Input type="email" {...form.register("email")} />
        </Field>
        <Field id="billing-address" label="Address" optional error={errors.address?.message}>
          <Input {...form.register("address")} />
        </Field>
        <Field id="billing-vat" label="VAT id" optional error={errors.vatId?.message}>
          <Input {...form.register("vatId")} />
        </Field>
      </div>
      {banks.fields.map((f, i) => (
        <fieldset key={f.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">Bank account {i + 1}</legend>
          <BankFields index={i} register={form.register} errors={errors} />
          <Button variant="ghost" size="sm" className="mt-3" onClick={() => banks.remove(i)}>
            Remove this account
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" size="sm" onClick={() => banks.append(emptyBank)}>
        Add a bank account
      </Button>
      {errors.root?.message && <p className="text-sm text-red-700 dark:text-red-300">{errors.root.message}</p>}
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function BankFields({ index: i, register, errors }: { index: number; register: UseFormRegister<FormValues>; errors: FieldErrors<FormValues> }) {
  const e = errors.banks?.[i];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`bank-${i}-name`} label="Bank" error={e?.name?.message}>
        <Input {...register(`banks.${i}.name`)} />
      </Field>
      <Field id={`bank-${i}-beneficiary`} label="Beneficiary" optional error={e?.beneficiary?.message}>
        <Input {...register(`banks.${i}.beneficiary`)} />
      </Field>
      <Field id={`bank-${i}-iban`} label="IBAN" optional error={e?.iban?.message}>
        <Input className="font-mono" {...register(`banks.${i}.iban`)} />
      </Field>
      <Field id={`bank-${i}-swift`} label="SWIFT/BIC" optional error={e?.swiftCode?.message}>
        <Input className="font-mono" {...register(`banks.${i}.swiftCode`)} />
      </Field>
      <Field id={`bank-${i}-currency`} label="Currency" error={e?.currency?.message}>
        <Input className="max-w-24 uppercase" {...register(`banks.${i}.currency`)} />
      </Field>
      <Field id={`bank-${i}-min`} label="Smallest top-up" optional error={e?.minAmount?.message}>
        <Input type="number" inputMode="decimal" min={0} className="max-w-32" {...register(`banks.${i}.minAmount`, { setValueAs: (v) => (v === "" ? 0 : Number(v)) })} />
      </Field>
      <Field id={`bank-${i}-number`} label="Account number" optional error={e?.number?.message}>
        <Input className="font-mono" {...register(`banks.${i}.number`)} />
      </Field>
      <Field id={`bank-${i}-country`} label="Country" optional hint="ISO code, e.g. GR" error={e?.country?.message}>
        <Input className="max-w-24 uppercase" {...register(`banks.${i}.country`)} />
      </Field>
      <Field id={`bank-${i}-address`} label="Bank address" optional error={e?.address?.message} className="sm:col-span-2">
        <Input {...register(`banks.${i}.address`)} />
      </Field>
    </div>
  );
}
