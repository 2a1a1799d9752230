// The message: the body with buttons that insert a contact label ([~firstName]) at the cursor,
// a fallback value for each label the body uses, and the less common options folded away.
"use client";
import { useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/form/checkbox-field";
import { CallbackFields } from "@/components/form/callback-fields";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Disclosure } from "@/components/ui/disclosure";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { placeholdersIn } from "@/lib/core/campaigns/personalize";
import type { CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import { plural } from "@/lib/ui/format";
import type { Audience } from "../api";
import type { BodyStats } from "../../../compose/_components/body-stats";

const builtInNames: Record<string, string> = { firstName: "First name", lastName: "Last name", mobile: "Mobile", email: "Email", country: "Country" };
/** Labels every contact has, beyond those offered as buttons. */
const otherBuiltIns = ["mobile", "email", "country"];
const MAX_BUTTONS = 6;

export function labelTitle(name: string): string {
  return builtInNames[name] ?? name;
}

export function MessageCard({ form, audience, stats }: { form: UseFormReturn<CampaignForm>; audience: Audience | undefined; stats: BodyStats }) {
  const { errors } = form.formState;
  const [body, fallbackValues, callbackUrl, campaignCallbackUrl] = useWatch({ control: form.control, name: ["body", "fallbackValues", "callbackUrl", "campaignCallbackUrl"] });
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const { ref: bodyRef, ...bodyField } = form.register("body");

  const labels = audience?.labels ?? [
    { name: "firstName", type: "Text", custom: false },
    { name: "lastName", type: "Text", custom: false },
  ];
  const buttons = labels.slice(0, MAX_BUTTONS);
  const more = [...labels.slice(MAX_BUTTONS).map((l) => l.name), ...otherBuiltIns];
  const known = new Set([...labels.map((l) => l.name), ...otherBuiltIns]);
  const used = placeholdersIn(body);

  function insert(name: string) {
    const el = textarea.current;
    const value = form.getValues("body");
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const token = `[~${name}]`;
    form.setValue("body", value.slice(0, start) + token + value.slice(end), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const setFallback = (name: string, value: string) => form.setValue("fallbackValues", { ...form.getValues("fallbackValues"), [name]: value }, { shouldDirty: true });

  return (
    <Card>
      <CardHeader title="Message" description="Personalise it with your contacts' labels: each recipient gets their own text." />
      <CardBody className="space-y-5 py-5">
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor="campaign-body" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Text
            </label>
            <div role="toolbar" aria-label="Insert a label" className="flex flex-wrap items-center gap-1.5">
              <span className="text-xs text-slate-500 dark:text-slate-400">Insert</span>
              {buttons.map((l) => (
                <button
                  key={l.name}
                  type="button"
                  onClick={() => insert(l.name)}
                  title={`Insert [~${l.name}]`}
                  className="inline-flex h-7 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-indigo-300"
                >
                  <PlusIcon size={12} />
                  {labelTitle(l.name)}
                </button>
              ))}
              <Select
                aria-label="Insert another label"
                className="h-7! w-32 py-0! pr-7! pl-2! text-xs"
                value=""
                onChange={(e) => {
                  if (e.target.value) insert(e.target.value);
                }}
              >
                <option value="">More labels…</option>
                <Options values={more} label={labelTitle} />
              </Select>
            </div>
          </div>
          <Textarea
            id="campaign-body"
            rows={6}
            className="resize-y text-[15px] leading-6"
            placeholder="Hi [~firstName], our spring sale starts tomorrow: 20% off everything in store."
            aria-invalid={errors.body ? true : undefined}
            aria-describedby="campaign-body-hint"
            ref={(el) => {
              bodyRef(el);
              textarea.current = el;
            }}
            {...bodyField}
          />
          <p id="campaign-body-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {stats.encoding === "ucs2" ? "Unicode" : "GSM-7"} · {plural(stats.analysis.characters, "character")} · {plural(stats.parts, "part")}
            {used.length > 0 && " for the previewed recipient"}. A label looks like [~firstName].
          </p>
          {errors.body && <p className="text-xs font-medium text-red-600 dark:text-red-400">{errors.body.message}</p>}
          <CheckboxField
            control={form.control}
            name="trackLinks"
            className="pt-1"
            label="Shorten links and track clicks"
            description="Each recipient gets their own short link for every http(s) link; the campaign page counts who clicked."
          />
        </div>

        {used.length > 0 && (
          <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
            <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">Fallback values</legend>
            <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">Used for a recipient without the label — a contact who lacks it, or a pasted number. Empty means nothing is inserted.</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {used.map((name) => (
                <Field
                  key={name}
                  id={`fallback-${name}`}
                  label={`Fallback for ${labelTitle(name)}`}
                  hint={known.has(name) ? undefined : `No contact has a label “${name}”: everyone gets this value.`}
                  error={errors.fallbackValues?.[name]?.message}
                >
                  <Input autoComplete="off" placeholder={name === "firstName" ? "there" : ""} value={fallbackValues[name] ?? ""} onChange={(e) => setFallback(name, e.target.value)} />
                </Field>
              ))}
            </div>
          </fieldset>
        )}

        <Disclosure
          summary="Advanced"
          hint={callbackUrl || campaignCallbackUrl ? "Callbacks set" : "Validity, flash, callbacks"}
          openWhen={Boolean(errors.ttl || errors.callbackUrl || errors.campaignCallbackUrl)}
        >
          <div className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="campaign-ttl" label="Validity (minutes)" hint="A message not delivered by then is Undelivered: 1 to 4320 (3 days)." error={errors.ttl?.message}>
                <Input type="number" min={1} max={4320} step={1} inputMode="numeric" {...form.register("ttl", { valueAsNumber: true })} />
              </Field>
              <CheckboxField control={form.control} name="flash" className="sm:pt-7" label="Flash SMS" description="Shown on the screen at once and not stored in the inbox." />
            </div>
            <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_13rem]">
              <CallbackFields form={form} name="campaignCallback" label="Campaign callback URL" hint="Receives the campaign's state changes." reports="campaign" />
              <CallbackFields form={form} name="callback" label="Delivery report URL" hint="Receives each message's delivery reports." reports="message" />
            </div>
          </div>
        </Disclosure>
      </CardBody>
    </Card>
  );
}
