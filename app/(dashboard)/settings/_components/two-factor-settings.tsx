// Your two-factor sign-in in Settings: off (set it up), or on since when, with the recovery codes
// left, ten new ones (the old ones then stop working) and a way to turn it off, each with your
// password (turning off not while an owner requires it).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Time } from "@/components/ui/time";
import type { FollowUp } from "@/components/ui/use-follow-up";
import { disableTwoFactorForm, type DisableTwoFactorForm } from "@/lib/schemas/two-factor";
import { fetchTwoFactor, renewCodes, turnOff, twoFactorKey } from "./two-factor-api";
import { RecoveryCodes, TwoFactorSetup } from "./two-factor-setup";

export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: fetchTwoFactor });
  const [asking, setAsking] = useState<"turn off" | "new codes" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data;
  if (!s) return null;
  return (
    <section aria-labelledby="two-factor-title" className="space-y-2 border-t border-slate-100 pt-4 dark:border-slate-800">
      <h3 id="two-factor-title" className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
        Two-factor sign-in
        {s.enabled ? <Badge tone="success">On</Badge> : <Badge tone={s.required ? "warning" : "neutral"}>Off</Badge>}
        {s.required && <span className="text-xs font-normal text-slate-500 dark:text-slate-400">required by an owner of the account</span>}
      </h3>
      {s.enabled ? (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            On since <Time at={s.enabledAt} show="date" />. Signing in asks for a code of your authenticator app after your password. {s.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} title="New recovery codes: the old ones no longer work." />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setAsking("new codes")}>
                New recovery codes
              </Button>
              {!s.required && (
                <Button variant="secondary" size="sm" onClick={() => setAsking("turn off")}>
                  Turn off
                </Button>
              )}
            </div>
          )}
        </>
      ) : (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-400">Protect your sign-in with a code of an authenticator app on your phone, asked for after your password.</p>
          <TwoFactorSetup onDone={() => queryClient.invalidateQueries({ queryKey: twoFactorKey })} />
        </>
      )}
      <PasswordDialog
        open={asking === "turn off"}
        onClose={() => setAsking(null)}
        submit={turnOff}
        title="Turn two-factor sign-in off?"
        description="Signing in will need your password alone. Your recovery codes stop working."
        submitLabel="Turn off"
        announce={() => ({ tone: "success", title: "Two-factor sign-in is off", description: "You sign in with your password alone." })}
      />
      <PasswordDialog
        open={asking === "new codes"}
        onClose={() => setAsking(null)}
        submit={renewCodes}
        onSaved={(r) => setCodes(r.recoveryCodes)}
        title="New recovery codes?"
        description="You get ten new codes, shown once; the ones you have now stop working."
        submitLabel="Make new codes"
      />
    </section>
  );
}

/** A change of your two-factor sign-in that asks for your password first. */
function PasswordDialog<TResult>({
  open,
  onClose,
  submit,
  onSaved,
  announce,
  ...text
}: { open: boolean; onClose: () => void; submit: (body: DisableTwoFactorForm) => Promise<TResult>; onSaved?: (r: TResult) => void; title: string; description: string; submitLabel: string } & Pick<
  FollowUp<TResult>,
  "announce"
>) {
  const form = useForm<DisableTwoFactorForm>({ resolver: zodResolver(disableTwoFactorForm), defaultValues: { password: "" } });
  const dialog = useFormDialog(form, { open, onClose, submit, fields: ["password"], refresh: [twoFactorKey], announce, onSaved });
  return (
    <FormDialog {...dialog} {...text}>
      <Field id="two-factor-password" label="Your password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" data-autofocus {...form.register("password")} />
      </Field>
    </FormDialog>
  );
}
