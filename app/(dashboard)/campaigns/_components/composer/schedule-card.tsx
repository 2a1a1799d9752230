// When it goes: now, or at a date and time in the user's own time zone (with the UTC instant it
// becomes); quiet hours at the recipients' end; a test SMS before a scheduled start.
"use client";
import { useEffect, useMemo, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/form/checkbox-field";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, FieldError } from "@/components/ui/field";
import { ClockIcon, SendIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { quietHoursSupported } from "@/lib/core/campaigns/quiet-hours";
import { dateToLocal, localToDate, type CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import { countryName } from "@/lib/ui/format";
import type { CampaignQuote } from "../api";

/** "Europe/Athens (UTC+03:00)" for the browser's zone at that instant. */
export function zoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${zone} (UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")})`;
}

const utcFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const localFormat = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

export function formatUtc(d: Date): string {
  return `${utcFormat.format(d)} UTC`;
}
export function formatLocal(d: Date): string {
  return localFormat.format(d);
}

function quickPicks(now: Date): { label: string; at: Date }[] {
  const inHour = new Date(now.getTime() + 60 * 60_000);
  inHour.setSeconds(0, 0);
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  const monday = new Date(now);
  monday.setDate(now.getDate() + ((8 - now.getDay()) % 7 || 7));
  monday.setHours(9, 0, 0, 0);
  return [
    { label: "In 1 hour", at: inHour },
    { label: "Tomorrow 09:00", at: tomorrow },
    { label: "Monday 09:00", at: monday },
  ];
}

export function ScheduleCard({ form, quote }: { form: UseFormReturn<CampaignForm>; quote: CampaignQuote | undefined }) {
  const { errors } = form.formState;
  const [when, scheduledAt, respectQuietHours, reminder] = useWatch({ control: form.control, name: ["when", "scheduledAt", "respectQuietHours", "reminder"] });
  const at = localToDate(scheduledAt);
  // The clock moves on: "min" and the quick picks follow it.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  const later = when === "later";
  const setLater = (d: Date) => {
    form.setValue("when", "later", { shouldDirty: true });
    form.setValue("scheduledAt", dateToLocal(d), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const countries = useMemo(() => Object.keys(quote?.recipientsPerCountry ?? {}), [quote]);
  const unsupported = countries.filter((c) => !quietHoursSupported(c));

  const option = (value: "now" | "later", title: string, description: string, Icon: typeof SendIcon) => (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3.5 text-sm transition-colors focus-within:outline-2 focus-within:outline-indigo-500",
        when === value ? "border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10" : "border-slate-200 hover:border-slate-300 dark:border-slate-700",
      )}
    >
      <input type="radio" value={value} className="mt-0.5 size-4 shrink-0 cursor-pointer accent-indigo-600 focus-visible:outline-none dark:accent-indigo-400" {...form.register("when")} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 font-medium text-slate-900 dark:text-slate-100">
          <Icon size={15} className={when === value ? "text-indigo-600 dark:text-indigo-300" : "text-slate-400"} />
          {title}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{description}</span>
      </span>
    </label>
  );

  return (
    <Card>
      <CardHeader title="Schedule" />
      <CardBody className="space-y-5 py-5">
        <fieldset>
          <legend className="sr-only">When to send</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {option("now", "Send now", "Charged and sent as soon as you confirm.", SendIcon)}
            {option("later", "Schedule", "Charged and sent at the time you pick.", ClockIcon)}
          </div>
        </fieldset>

        {later && (
          <div className="space-y-3">
            <div className="grid items-start gap-4 sm:grid-cols-[16rem_minmax(0,1fr)]">
              <Field id="campaign-scheduled-at" label="Date and time" hint={`Your time: ${zoneLabel(at ?? now)}`} error={errors.scheduledAt?.message}>
                <Input type="datetime-local" min={dateToLocal(now)} {...form.register("scheduledAt")} />
              </Field>
              <div className="flex flex-wrap gap-2 sm:pt-7">
                {quickPicks(now).map((p) => (
                  <button
                    key={p.label}
                    type="button"
                    onClick={() => setLater(p.at)}
                    className="h-8 rounded-full border border-slate-300 px-3 text-xs font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-slate-300"
                  >
                    {p.label}
                  </button>
                ))}
              </div>
            </div>
            {at && (
              <p className="rounded-lg bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300" data-testid="schedule-summary">
                Sends on <strong className="font-semibold text-slate-900 dark:text-white">{formatLocal(at)}</strong> your time —{" "}
                <span className="tabular-nums" data-testid="schedule-utc">
                  {formatUtc(at)}
                </span>
                .
              </p>
            )}
          </div>
        )}

        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <CheckboxField
            control={form.control}
            name="respectQuietHours"
            label={<span className="font-medium">Respect quiet hours</span>}
            description="Messages wait while it is 23:00–08:00 or 14:00–17:00 where the recipient lives, and go out when that window ends. The time zone comes from each number's country."
          />
          {respectQuietHours && countries.length > 0 && (
            <p className="mt-3 pl-6.5 text-xs text-slate-600 dark:text-slate-400">
              {unsupported.length === 0
                ? `Applies to every recipient country (${countries.join(", ")}).`
                : `Not available for ${unsupported.map((c) => countryName(c)).join(", ")} (several time zones or none known): those messages go out without waiting.`}
            </p>
          )}
        </div>

        <div className={cn("rounded-lg border border-slate-200 p-4 dark:border-slate-800", !later && "opacity-70")}>
          <CheckboxField
            control={form.control}
            name="reminder"
            label={<span className="font-medium">Send me a test SMS before it goes out</span>}
            description={later ? "A reminder with the message text (fallback values filled in), so you can check it on a real phone." : "Available for scheduled campaigns."}
            disabled={!later}
          />
          {reminder && later && (
            <div className="mt-4 grid gap-4 pl-6.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <Field id="campaign-reminder-minutes" label="Minutes before" error={errors.reminderMinutesBefore?.message}>
                <Input type="number" min={1} max={10080} step={1} inputMode="numeric" {...form.register("reminderMinutesBefore", { valueAsNumber: true })} />
              </Field>
              <Field id="campaign-reminder-to" label="To" hint="Up to 10 numbers, separated by commas." error={errors.reminderTo?.message}>
                <Input type="tel" autoComplete="off" placeholder="+306912345678" {...form.register("reminderTo")} />
              </Field>
            </div>
          )}
          <FieldError message={errors.reminder?.message} />
        </div>
      </CardBody>
    </Card>
  );
}
