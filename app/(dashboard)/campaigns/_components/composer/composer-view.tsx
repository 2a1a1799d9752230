// The campaign composer (new, and edit of a Scheduled campaign): the form on the left —
// name and sender, recipients, message, schedule — and beside it the preview for a chosen
// recipient, the live analysis and the server's estimate. "Review" asks for a fresh estimate and
// shows everything in a confirm step before anything is sent or scheduled.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { ErrorNote } from "@/components/ui/error-note";
import { personalize, placeholdersIn } from "@/lib/core/campaigns/personalize";
import { withSampleLinks } from "@/lib/core/links/find-links";
import { isValidSender } from "@/lib/core/sms/validate-sender";
import { parseRecipient } from "@/lib/core/sms/parse-recipient";
import { campaignForm, dateToLocal, emptyCampaignForm, recipientsOf, splitNumbers, toCampaignBody, usedFallbacks, type CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import { ApiError } from "@/lib/ui/api-client";
import { nameOf } from "@/lib/ui/format";
import { bodyStats } from "../../../compose/_components/body-stats";
import { useDebouncedValue } from "../../../compose/_components/use-debounced-value";
import { audienceKey, campaignsKey, createCampaign, fetchAudience, fetchAudienceContacts, quoteCampaign, updateCampaign, type AudienceContact, type CampaignQuote, type CampaignView } from "../api";
import { errorText, placeApiError } from "./api-errors";
import { ConfirmDialog } from "./confirm-dialog";
import { EstimateCard, type EstimateState } from "./estimate-card";
import { MessageCard } from "./message-card";
import { PreviewCard, type PreviewRecipient } from "./preview-card";
import { groupLabel, RecipientsCard } from "./recipients-card";
import { ScheduleCard } from "./schedule-card";

/** The form of a Scheduled campaign, to edit it. */
export function formFromCampaign(c: CampaignView): CampaignForm {
  return {
    ...emptyCampaignForm,
    campaignName: c.campaignName,
    from: c.from,
    body: c.body,
    groups: c.groups,
    contacts: c.contacts,
    numbers: c.to.join("\n"),
    allowInvalid: c.allowInvalid,
    fallbackValues: c.fallbackValues,
    transcode: c.transcode,
    trackLinks: c.trackLinks,
    flash: c.flash,
    ttl: c.ttl,
    when: c.scheduledDate ? "later" : "now",
    scheduledAt: c.scheduledDate ? dateToLocal(new Date(c.scheduledDate)) : "",
    respectQuietHours: c.respectQuietHours,
    reminder: c.reminder.to.length > 0,
    reminderMinutesBefore: c.reminder.minutesBefore || 30,
    reminderTo: c.reminder.to.join(", "),
    campaignCallbackUrl: c.campaignCallback.url,
    campaignCallbackStrategy: c.campaignCallback.strategy === "OnChange" ? "OnChange" : "OnCompletion",
    callbackUrl: c.callback.url,
    callbackStrategy: c.callback.strategy === "OnChange" ? "OnChange" : "OnCompletion",
  };
}

const NO_LABELS = "fallback";

/** FNV-1a of a string: a short cache key for a long request body. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

type QuoteBody = Parameters<typeof quoteCampaign>[0];

export function ComposerView({ campaign, canEdit }: { campaign?: CampaignView; canEdit: boolean }) {
  const editing = Boolean(campaign);
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<CampaignForm>({ resolver: zodResolver(campaignForm), defaultValues: campaign ? formFromCampaign(campaign) : emptyCampaignForm });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as CampaignForm;

  const audience = useQuery({ queryKey: audienceKey, queryFn: fetchAudience, staleTime: 60_000 });

  // Contacts picked by hand, for their chips and the preview; an edited campaign's come by id.
  const [picked, setPicked] = useState<ReadonlyMap<string, AudienceContact>>(new Map());
  const addPicked = useCallback((c: AudienceContact) => setPicked((m) => new Map(m).set(c.id, c)), []);
  const initialIds = campaign?.contacts ?? [];
  const initialContacts = useQuery({
    queryKey: ["campaign-audience", "ids", initialIds],
    queryFn: () => fetchAudienceContacts({ ids: initialIds.slice(0, 200) }),
    enabled: initialIds.length > 0,
  });
  useEffect(() => {
    for (const c of initialContacts.data?.content ?? []) addPicked(c);
  }, [initialContacts.data, addPicked]);

  // Recipients to preview: picked contacts, a few members of each chosen group, a pasted number.
  const sampleGroups = values.groups.slice(0, 3);
  const samples = useQueries({
    queries: sampleGroups.map((group) => ({
      queryKey: ["campaign-audience", "sample", group],
      queryFn: () => fetchAudienceContacts({ group, size: 5 }),
      staleTime: 60_000,
    })),
  });
  const previewRecipients: PreviewRecipient[] = [];
  const seen = new Set<string>();
  const addPreview = (c: AudienceContact, group: string) => {
    if (seen.has(c.id) || c.blacklisted) return;
    seen.add(c.id);
    previewRecipients.push({ key: c.id, label: `${nameOf(c)} (${c.mobile})`, group, values: c.values });
  };
  for (const id of values.contacts) {
    const c = picked.get(id);
    if (c) addPreview(c, "Picked contacts");
  }
  for (const [i, g] of sampleGroups.entries()) for (const c of samples[i]?.data?.content ?? []) addPreview(c, `In ${groupLabel(g)}`);
  const pasted = useMemo(() => splitNumbers(values.numbers).find((n) => parseRecipient(n, { type: false })), [values.numbers]);
  if (pasted) previewRecipients.push({ key: `number:${pasted}`, label: pasted, group: "Pasted numbers", values: {} });
  previewRecipients.push({ key: NO_LABELS, label: "Someone without these labels", group: "Fallback values", values: {} });
  const [previewKey, setPreviewKey] = useState<string>("");
  const preview = previewRecipients.find((r) => r.key === previewKey) ?? previewRecipients[0];

  const personal = placeholdersIn(values.body).length > 0;
  // With trackLinks the preview and its analysis show a short link of the real length.
  const linkBase = audience.data?.shortLinkBase ?? (typeof window === "undefined" ? "" : `${window.location.origin}/l`);
  const personalised = personalize(values.body, preview?.values ?? {}, values.fallbackValues);
  const text = values.trackLinks ? withSampleLinks(personalised, linkBase) : personalised;
  const stats = useMemo(() => bodyStats(text, values.transcode), [text, values.transcode]);
  const shownText = stats.transcoding && stats.suggestion ? stats.suggestion.message : text;

  // The estimate follows the recipients, sender and text once they have settled. A list of
  // 30,000 numbers is a large key: it is built when its inputs change, and hashed for the cache.
  const { from, body, transcode, trackLinks, fallbackValues, groups, contacts, numbers, allowInvalid } = values;
  const quoteJson = useMemo(
    () =>
      JSON.stringify({
        from: from.trim(),
        body: body || " ",
        transcode,
        ...(trackLinks ? { trackLinks } : {}),
        fallbackValues: usedFallbacks(body, fallbackValues),
        ...recipientsOf({ groups, contacts, numbers, allowInvalid }),
      } satisfies QuoteBody),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [from, body, transcode, trackLinks, JSON.stringify(fallbackValues), JSON.stringify(groups), JSON.stringify(contacts), numbers, allowInvalid],
  );
  const settledJson = useDebouncedValue(quoteJson, 500);
  const settled = useMemo(() => JSON.parse(settledJson) as QuoteBody, [settledJson]);
  const settledKey = useMemo(() => `${settledJson.length}:${hash(settledJson)}`, [settledJson]);
  const hasRecipients = Boolean(settled.groups?.length || settled.contacts?.length || settled.to?.length);
  const tooMany = (settled.to?.length ?? 0) > 30_000;
  const quote = useQuery({
    queryKey: ["campaign-quote", settledKey],
    queryFn: () => quoteCampaign(settled),
    enabled: isValidSender(settled.from) && hasRecipients && !tooMany,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const estimate: EstimateState = !isValidSender(from.trim())
    ? { kind: "idle", hint: "Enter a valid sender and pick recipients to see the cost." }
    : !hasRecipients
      ? settledJson === quoteJson
        ? { kind: "idle", hint: "Pick groups, contacts or numbers to see how many people it reaches and what it costs." }
        : { kind: "loading" }
      : tooMany
        ? { kind: "error", message: "At most 30,000 numbers can be pasted or uploaded." }
        : quote.isError && !quote.isFetching
          ? { kind: "error", message: errorText(quote.error) }
          : quote.data
            ? { kind: "ok", quote: quote.data, stale: quote.isFetching || quote.isPlaceholderData || settledJson !== quoteJson }
            : { kind: "loading" };

  // Review: validate, ask for a fresh estimate, then confirm.
  const [review, setReview] = useState<{ values: CampaignForm; quote: CampaignQuote } | null>(null);
  const reviewMutation = useMutation({
    mutationFn: async (v: CampaignForm) => {
      const body = toCampaignBody(v);
      const q = await quoteCampaign({
        from: body.from,
        body: body.body,
        to: body.to,
        contacts: body.contacts,
        groups: body.groups,
        transcode: body.transcode,
        fallbackValues: body.fallbackValues,
        allowinvalid: body.allowinvalid,
      });
      return { values: v, quote: q };
    },
    onSuccess: setReview,
    onError: (err) => showError(err),
  });
  const save = useMutation({
    mutationFn: (v: CampaignForm) => (campaign ? updateCampaign(campaign.trackingId, toCampaignBody(v)) : createCampaign(toCampaignBody(v))),
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: campaignsKey });
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      toast({
        title: c.state === "Scheduled" ? (editing ? "Campaign updated" : "Campaign scheduled") : "Campaign on its way",
        description: c.state === "Scheduled" ? `${c.campaignName} sends at the time you picked.` : `${c.campaignName}: ${c.totalMessages.toLocaleString("en")} messages are being sent.`,
      });
      router.push(`/campaigns/${c.trackingId}`);
    },
    onError: (err) => {
      setReview(null);
      showError(err);
    },
  });

  function showError(err: unknown) {
    if (placeApiError(form, err)) {
      toast({ tone: "error", title: "Check the highlighted fields", description: errorText(err) });
      // The field may sit in a card far above the button.
      requestAnimationFrame(() => document.querySelector("form [role=alert], form [aria-invalid=true]")?.scrollIntoView({ block: "center", behavior: "smooth" }));
      return;
    }
    form.setError("root.server", { type: "server", message: err instanceof ApiError ? errorText(err) : "The campaign could not be saved. Try again." });
    window.scrollTo({ top: 0, behavior: "smooth" });
  }

  const onSubmit = form.handleSubmit((v) => reviewMutation.mutate(v));
  const later = values.when === "later";
  const action = editing ? (later ? "Review changes" : "Review and send now") : later ? "Review and schedule" : "Review and send";
  const busy = reviewMutation.isPending || save.isPending || save.isSuccess;

  return (
    <>
      <PageHeader
        title={editing ? `Edit ${campaign!.campaignName || "campaign"}` : "New campaign"}
        description={
          editing ? "Change anything while it is scheduled; it keeps its place until you save." : "Pick who gets it, write it once with their labels, and send it now or when it suits them."
        }
        actions={
          <Link href={editing ? `/campaigns/${campaign!.trackingId}` : "/campaigns"} className={buttonClasses("secondary")}>
            <ChevronLeftIcon />
            {editing ? "Back to the campaign" : "All campaigns"}
          </Link>
        }
      />
      <form onSubmit={onSubmit} noValidate aria-label={editing ? "Edit campaign" : "New campaign"}>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem] xl:grid-cols-[minmax(0,1fr)_23rem]">
          <div className="space-y-6">
            {errors.root?.server && <ErrorNote>{errors.root.server.message}</ErrorNote>}
            {!canEdit && (
              <p className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
                Your role can look at campaigns but not send them; ask an owner or a marketer.
              </p>
            )}
            <Card>
              <CardHeader title="Campaign" />
              <CardBody className="grid gap-5 py-5 sm:grid-cols-2">
                <Field id="campaign-name" label="Name" hint="2 to 30 letters, digits, spaces or '-'; only you see it." error={errors.campaignName?.message}>
                  <Input autoComplete="off" placeholder="Spring sale" maxLength={30} {...form.register("campaignName")} />
                </Field>
                <Field id="campaign-from" label="From" hint="Up to 11 letters and digits, or a number of up to 16 digits." error={errors.from?.message}>
                  <Input autoComplete="off" placeholder="MyShop" spellCheck={false} {...form.register("from")} />
                </Field>
              </CardBody>
            </Card>
            <RecipientsCard form={form} audience={audience.data} picked={picked} onPick={addPicked} />
            <MessageCard form={form} audience={audience.data} stats={stats} />
            <ScheduleCard form={form} quote={estimate.kind === "ok" ? estimate.quote : undefined} />
          </div>

          <div className="space-y-6 lg:sticky lg:top-24">
            <PreviewCard
              from={values.from}
              text={shownText}
              personal={personal}
              recipients={previewRecipients}
              selected={preview?.key ?? ""}
              onSelect={setPreviewKey}
              stats={stats}
              onTranscodeChange={(on) => form.setValue("transcode", on, { shouldDirty: true })}
            />
            <EstimateCard state={estimate} />
          </div>
        </div>

        <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/85">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {estimate.kind === "ok" ? (
                <>
                  {estimate.quote.numberOfRecipients.toLocaleString("en")} recipients · {estimate.quote.totalParts.toLocaleString("en")} parts ·{" "}
                  <span className="font-medium text-slate-900 dark:text-white">
                    {new Intl.NumberFormat("en", { style: "currency", currency: estimate.quote.currency, maximumFractionDigits: 4 }).format(estimate.quote.cost)}
                  </span>
                </>
              ) : (
                "Nothing is sent until you confirm."
              )}
            </p>
            <div className="flex gap-2">
              <Link href={editing ? `/campaigns/${campaign!.trackingId}` : "/campaigns"} className={buttonClasses("ghost")}>
                Cancel
              </Link>
              <Button type="submit" loading={reviewMutation.isPending} disabled={!canEdit || busy}>
                {action}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        onClose={() => setReview(null)}
        values={review?.values ?? null}
        quote={review?.quote ?? null}
        preview={shownText}
        editing={editing}
        pending={save.isPending || save.isSuccess}
        onConfirm={() => review && save.mutate(review.values)}
      />
    </>
  );
}
