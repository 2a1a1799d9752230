// Setting up two-factor sign-in: the QR code of a new secret (and the secret as text, for apps
// that cannot scan), a current code of it to confirm, then the recovery codes, shown this once.
// Used in Settings and on the page a user is sent to when their account requires it.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorNote } from "@/components/ui/error-note";
import { Field } from "@/components/ui/field";
import { AlertIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { useFormSubmit } from "@/components/form/use-form-submit";
import { twoFactorCodeForm, type TwoFactorCodeForm, type TwoFactorSetupView } from "@/lib/schemas/two-factor";
import { problemOf } from "@/lib/ui/api-client";
import { beginSetup, confirmSetup } from "./two-factor-api";

export function TwoFactorSetup({ onDone, startLabel = "Set up two-factor sign-in" }: { onDone: () => void; startLabel?: string }) {
  const [setup, setSetup] = useState<TwoFactorSetupView | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: beginSetup, onSuccess: setSetup });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup)
    return (
      <div className="space-y-2">
        {start.isError && <ErrorNote>{problemOf(start.error, "Setting up failed; try again.")}</ErrorNote>}
        <Button size="sm" onClick={() => start.mutate()} loading={start.isPending}>
          {startLabel}
        </Button>
      </div>
    );
  return <ScanAndConfirm setup={setup} onConfirmed={setCodes} />;
}

function ScanAndConfirm({ setup, onConfirmed }: { setup: TwoFactorSetupView; onConfirmed: (codes: string[]) => void }) {
  const form = useForm<TwoFactorCodeForm, unknown, { code: string }>({ resolver: zodResolver(twoFactorCodeForm), defaultValues: { code: "" } });
  const submitting = useFormSubmit(form, { submit: confirmSetup, fields: ["code"], onSaved: (r) => onConfirmed(r.recoveryCodes) });
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…).</li>
        <li>Enter the 6-digit code the app shows to confirm. You stay signed in here; your other sessions end.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-5">
        {/* The server's SVG as an image: its markup never enters the page. */}
        {/* biome-ignore lint/performance/noImgElement: an inline data URL, nothing for next/image to optimise */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="rounded-md bg-white p-1 ring-1 ring-slate-200"
        />
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <div>
            <p className="text-slate-500 dark:text-slate-400">Cannot scan? Enter this key in the app:</p>
            <p className="mt-1 flex items-center gap-1">
              <code className="font-mono text-sm tracking-wider break-words text-slate-900 dark:text-slate-100">{setup.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
              <CopyButton value={setup.secret} label="Copy the setup key" />
            </p>
          </div>
          <form onSubmit={submitting.onSubmit} noValidate className="space-y-3">
            {submitting.error && <ErrorNote>{submitting.error}</ErrorNote>}
            <Field id="two-factor-code" label="Code from the app" error={form.formState.errors.code?.message}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" className="w-40 font-mono tracking-widest" {...form.register("code")} />
            </Field>
            <Button type="submit" size="sm" loading={submitting.pending}>
              Confirm and turn on
            </Button>
          </form>
        </div>
      </div>
    </div>
  );
}

/** Recovery codes just made, shown this once: after turning it on, or new ones in Settings. */
export function RecoveryCodes({ codes, onDone, title = "Two-factor sign-in is on." }: { codes: string[]; onDone: () => void; title?: string }) {
  const text = codes.join("\n");
  return (
    <div className="space-y-3 rounded-lg border border-emerald-300 p-4 dark:border-emerald-500/40">
      <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{title}</p>
      <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
        <AlertIcon size={18} className="mt-0.5 shrink-0" />
        <p>
          <strong className="font-semibold">These recovery codes will not be shown again.</strong> Keep them somewhere safe: each signs you in once if you lose your phone.
        </p>
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:w-fit dark:text-slate-100">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label="Copy the recovery codes" showText className="border border-slate-200 px-2.5 dark:border-slate-700" />
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Switchboard recovery codes\n\n${text}\n`)}`}
          download="switchboard-recovery-codes.txt"
          className="inline-flex items-center rounded-md border border-slate-200 px-2.5 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          Download
        </a>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
