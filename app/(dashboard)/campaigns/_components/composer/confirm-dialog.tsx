// The last look before a campaign is sent or scheduled: who, what, when, and what it costs.
"use client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SendIcon } from "@/components/ui/icons";
import { localToDate, type CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import type { CampaignQuote } from "../api";
import { Quote } from "./estimate-card";
import { formatLocal, formatUtc } from "./schedule-card";

export function ConfirmDialog({
  open,
  onClose,
  values,
  quote,
  preview,
  editing,
  pending,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  values: CampaignForm | null;
  quote: CampaignQuote | null;
  preview: string;
  editing: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  const at = values?.when === "later" ? localToDate(values.scheduledAt) : null;
  const action = at ? (editing ? "Save and keep scheduled" : "Schedule campaign") : "Send now";
  return (
    <Dialog
      open={open && Boolean(values && quote)}
      onClose={onClose}
      dismissible={!pending}
      size="lg"
      title={at ? (editing ? "Save the scheduled campaign?" : "Schedule this campaign?") : "Send this campaign now?"}
      description={at ? "You are charged when it starts. Until then you can edit or delete it." : "It is charged now and starts at once; it cannot be stopped once sending."}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Back to editing
          </Button>
          <Button onClick={onConfirm} loading={pending} disabled={!quote?.enough} data-autofocus>
            {!pending && <SendIcon />}
            {action}
          </Button>
        </>
      }
    >
      {values && quote && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Campaign</dt>
            <dd className="font-medium text-slate-900 dark:text-slate-100">{values.campaignName}</dd>
            <dt className="text-slate-500 dark:text-slate-400">From</dt>
            <dd className="text-slate-900 dark:text-slate-100">{values.from}</dd>
            <dt className="text-slate-500 dark:text-slate-400">When</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {at ? (
                <>
                  {formatLocal(at)}
                  <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">{formatUtc(at)}</span>
                </>
              ) : (
                "Now"
              )}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Quiet hours</dt>
            <dd className="text-slate-900 dark:text-slate-100">{values.respectQuietHours ? "Respected: messages wait for the recipient's daytime" : "Not applied"}</dd>
            {at && values.reminder && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Test SMS</dt>
                <dd className="text-slate-900 dark:text-slate-100">
                  {values.reminderMinutesBefore} min before, to {values.reminderTo}
                </dd>
              </>
            )}
            <dt className="text-slate-500 dark:text-slate-400">Preview</dt>
            <dd className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">{preview}</dd>
          </dl>
          <div className="rounded-lg border border-slate-200 px-4 pb-3 dark:border-slate-800">
            <Quote quote={quote} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
