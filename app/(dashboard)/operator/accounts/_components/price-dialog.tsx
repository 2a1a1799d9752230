// Sets the account's own price for a country, or for one of its networks.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { priceForm } from "@/lib/schemas/operator";
import { setPrice, type PriceForm } from "./api";

const defaults: PriceForm = { country: "", network: "", price: "" };

export function PriceDialog({ accountId, currency, refresh, open, onClose }: { accountId: string; currency: string; refresh: readonly unknown[]; open: boolean; onClose: () => void }) {
  const form = useForm<PriceForm>({ resolver: zodResolver(priceForm), defaultValues: defaults });
  const dialog = useFormDialog(form, {
    open,
    onClose,
    submit: (body: PriceForm) => setPrice(accountId, body),
    refresh: [refresh],
    announce: () => ({ tone: "success", title: "Price set" }),
    fields: ["country", "network", "price"],
  });
  const errors = form.formState.errors;
  return (
    <FormDialog {...dialog} title="Set a price" description="Setting a price the account already has replaces it." submitLabel="Set price">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="price-country" label="Country" hint="ISO code, e.g. GR" error={errors.country?.message}>
          <Input autoComplete="off" maxLength={2} className="uppercase" data-autofocus {...form.register("country")} />
        </Field>
        <Field id="price-network" label="Network" optional hint="MCC-MNC, e.g. 20201" error={errors.network?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register("network")} />
        </Field>
      </div>
      <Field id="price-amount" label={`Price per part${currency ? ` (${currency})` : ""}`} error={errors.price?.message}>
        <Input inputMode="decimal" autoComplete="off" placeholder="0.035" {...form.register("price")} />
      </Field>
    </FormDialog>
  );
}
