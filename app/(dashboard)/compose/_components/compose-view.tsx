// Compose: the send form (react-hook-form with the schema derived from POST /sms's body), the
// live analysis beside it, and the latest messages below. The analysis runs in the browser on
// every keystroke; only the price needs the server, asked once the destination settles.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { SendIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { ErrorNote } from "@/components/ui/error-note";
import { isValidSender } from "@/lib/core/sms/validate-sender";
import { composeForm, toSendSmsBody, type ComposeForm } from "@/lib/schemas/dashboard-sms";
import { ApiError, problemOf } from "@/lib/ui/api-client";
import { messagesKey } from "../../messages/_components/api";
import { formatPrice, multiplyPrice, plural } from "@/lib/ui/format";
import { AdvancedOptions } from "./advanced-options";
import { AnalysisPanel, type CostState } from "./analysis-panel";
import { quoteKey, quoteSms, sendSms } from "./api";
import { bodyStats } from "./body-stats";
import { CheckboxField } from "@/components/form/checkbox-field";
import { withSampleLinks } from "@/lib/core/links/find-links";
import { RecentMessages } from "./recent-messages";
import { useDebouncedValue } from "./use-debounced-value";

const defaults: ComposeForm = {
  from: "",
  to: "",
  body: "",
  label: "",
  flash: false,
  transcode: false,
  trackLinks: false,
  ttl: 4320,
  callbackUrl: "",
  callbackStrategy: "OnCompletion",
};

// Where the API names a field (its `properties` keys, or the error code) → the form's field.
const fieldOf: Record<string, keyof ComposeForm> = {
  from: "from",
  to: "to",
  body: "body",
  label: "label",
  ttl: "ttl",
  flash: "flash",
  transcode: "transcode",
  callback: "callbackUrl",
  "callback.url": "callbackUrl",
  "callback.strategy": "callbackStrategy",
  "400005000": "from", // invalidSender
  "400005001": "to", // destinationUnsupported
  "400005002": "callbackUrl", // callbackUrlRefused
};

const normalizeNumber = (to: string) => to.trim().replace(/[\s().-]/g, "");
const looksLikeNumber = (to: string) => /^\+?\d{6,15}$/.test(to);

export function ComposeView({ canSend, role, shortLinkBase }: { canSend: boolean; role: string; shortLinkBase: string }) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(composeForm), defaultValues: defaults });
  const { errors } = form.formState;
  const [from, to, body, transcode, trackLinks] = useWatch({ control: form.control, name: ["from", "to", "body", "transcode", "trackLinks"] });

  // With trackLinks the count is that of the text sent: every link replaced by a short one.
  const sent = trackLinks ? withSampleLinks(body, shortLinkBase) : body;
  const stats = useMemo(() => bodyStats(sent, transcode), [sent, transcode]);

  // The price depends on the destination only; ask once it has settled and looks like a number.
  const settledTo = useDebouncedValue(normalizeNumber(to), 400);
  const senderOk = isValidSender(from);
  const quoteWanted = senderOk && looksLikeNumber(settledTo);
  const quote = useQuery({
    queryKey: quoteKey(settledTo),
    queryFn: () => quoteSms({ from, to: settledTo, body, transcode }),
    enabled: quoteWanted,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const quoteIsCurrent = quoteWanted && settledTo === normalizeNumber(to);
  const cost: CostState = !senderOk
    ? { kind: "idle", hint: "Enter a valid sender and the destination to see the price." }
    : !looksLikeNumber(normalizeNumber(to))
      ? { kind: "idle", hint: "Enter the destination in international format to see the price." }
      : !quoteIsCurrent || quote.isPending
        ? { kind: "loading" }
        : quote.isError
          ? { kind: "error", message: `No price: ${problemOf(quote.error, quote.error.message)}` }
          : { kind: "ok", quote: quote.data! };
  const quoteToError = quoteIsCurrent && quote.error instanceof ApiError ? (quote.error.properties.to ?? (quote.error.code === "400005001" ? quote.error.message : undefined)) : undefined;

  const mutation = useMutation({
    mutationFn: (values: ComposeForm) => sendSms(toSendSmsBody(values)),
    onSuccess: async (sms) => {
      toast({ title: "SMS queued", description: `To ${sms.to}. Follow its delivery on this page.` });
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      void queryClient.invalidateQueries({ queryKey: messagesKey });
      router.push(`/messages/${sms.trackingId}`);
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return form.setError("root.server", { type: "server", message: "The SMS could not be sent." });
      let placed = false;
      for (const [key, text] of Object.entries(err.properties)) {
        const field = fieldOf[key];
        if (field) {
          form.setError(field, { type: "server", message: text });
          placed = true;
        }
      }
      const byCode = fieldOf[err.code];
      if (!placed && byCode) form.setError(byCode, { type: "server", message: err.message });
      else form.setError("root.server", { type: "server", message: err.message });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  const sending = mutation.isPending || mutation.isSuccess;

  return (
    <>
      <PageHeader title="Send SMS" description="Write a message and see its encoding, parts and price as you type. Delivery reports follow on the message's page." />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <form id="compose" onSubmit={onSubmit} noValidate>
            <CardBody className="space-y-5 py-5">
              {errors.root?.server && <ErrorNote>{errors.root.server.message}</ErrorNote>}
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="compose-from" label="From" hint="Up to 11 letters and digits, or a number of up to 16 digits." error={errors.from?.message}>
                  <Input autoComplete="off" placeholder="Switchboard" spellCheck={false} {...form.register("from")} />
                </Field>
                <Field id="compose-to" label="To" hint="International format, with the country code." error={errors.to?.message ?? quoteToError}>
                  <Input type="tel" inputMode="tel" autoComplete="off" placeholder="+306912345678" {...form.register("to")} />
                </Field>
              </div>
              <Field
                id="compose-body"
                label="Message"
                hint={
                  <>
                    {/* The analysis panel sits below the form on small screens: the essentials here too. */}
                    <span aria-hidden="true" className="lg:hidden">
                      {stats.encoding === "ucs2" ? "Unicode" : "GSM-7"} · {plural(stats.analysis.characters, "character")} · {plural(stats.parts, "part")} ·{" "}
                    </span>
                    Ctrl + Enter sends.
                  </>
                }
                error={errors.body?.message}
              >
                <Textarea
                  rows={7}
                  className="resize-y text-[15px] leading-6"
                  placeholder="Your order has shipped and arrives tomorrow."
                  {...form.register("body")}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      if (canSend && !sending) void onSubmit();
                    }
                  }}
                />
              </Field>

              <CheckboxField
                control={form.control}
                name="trackLinks"
                label="Shorten links and track clicks"
                description="Every http(s) link becomes a short link of this message's own; its clicks show in tracking."
              />
              {trackLinks && sent !== body && (
                <p data-testid="short-link-preview" className="rounded-lg bg-slate-100 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800 dark:bg-slate-800/70 dark:text-slate-200">
                  {sent}
                </p>
              )}

              <AdvancedOptions form={form} />
            </CardBody>
            <CardFooter className="flex-wrap justify-between gap-3">
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {canSend ? (
                  <>
                    {plural(stats.parts, "part")}
                    {cost.kind === "ok" && <> · {formatPrice(multiplyPrice(cost.quote.costPerPart, stats.parts), cost.quote.currency)} from your balance</>}
                  </>
                ) : (
                  <>Your role ({role}) can check messages but not send them; ask an owner or a marketer.</>
                )}
              </p>
              <Button type="submit" loading={sending} disabled={!canSend}>
                {!sending && <SendIcon />}
                Send SMS
              </Button>
            </CardFooter>
          </form>
        </Card>

        <AnalysisPanel stats={stats} cost={cost} onTranscodeChange={(on) => form.setValue("transcode", on, { shouldDirty: true })} />
      </div>

      <RecentMessages className="mt-8" />
    </>
  );
}
