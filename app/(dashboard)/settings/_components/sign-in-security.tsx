// Your sign-in's security: the sessions that may still be open (where and when you signed in),
// changing your password (your other sessions end, this one goes on) and signing out everywhere
// (this session too, back to the sign-in page).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Time } from "@/components/ui/time";
import { changePasswordForm, type ChangePasswordForm, type SessionView } from "@/lib/schemas/account-security";
import { apiFetch } from "@/lib/ui/api-client";

const changePassword = (body: ChangePasswordForm) => apiFetch<{ changed: boolean }>("/api/dashboard/me/password", { method: "POST", json: body });
const fetchSessions = () => apiFetch<{ content: SessionView[] }>("/api/dashboard/me/sessions");
const signOutEverywhere = () => apiFetch<{ signedOut: boolean }>("/api/dashboard/me/sign-out-everywhere", { method: "POST", json: {} });

export function SignInSecurity() {
  const [changing, setChanging] = useState(false);
  const [ending, setEnding] = useState(false);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: { currentPassword: "", newPassword: "" } });
  const dialog = useFormDialog(form, {
    open: changing,
    onClose: () => setChanging(false),
    submit: changePassword,
    fields: ["currentPassword", "newPassword"],
    announce: () => ({ tone: "success", title: "Password changed", description: "Your other sessions are signed out; this one goes on." }),
  });
  const errors = form.formState.errors;
  const sessions = useQuery({ queryKey: ["my-sessions"], queryFn: fetchSessions });
  return (
    <div className="space-y-3 pt-4">
      {sessions.data && sessions.data.content.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-900 dark:text-slate-100">Sessions that may still be open</h3>
          <ul aria-label="Your sessions" className="mt-1.5 space-y-1 text-xs text-slate-600 dark:text-slate-400">
            {sessions.data.content.map((s) => (
              <li key={s.signedInAt} className="flex flex-wrap gap-x-2">
                <Time at={s.signedInAt} show="datetime" />
                <span className="font-mono">{s.ip || "unknown address"}</span>
                <span className="max-w-80 truncate" title={s.userAgent}>
                  {s.userAgent || "unknown browser"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
          Change password
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEnding(true)}>
          Sign out everywhere
        </Button>
        <FormDialog {...dialog} title="Change your password" description="Your sessions elsewhere end; this one goes on." submitLabel="Change password">
          <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" data-autofocus {...form.register("currentPassword")} />
          </Field>
          <Field id="new-password" label="New password" hint="At least 8 characters." error={errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
          </Field>
        </FormDialog>
        <ConfirmDialog
          open={ending}
          title="Sign out everywhere?"
          description="Every session of yours ends, on every device, this one too. You sign in again with your password."
          confirmLabel="Sign out everywhere"
          onConfirm={signOutEverywhere}
          onDone={() => window.location.assign("/login")}
          onClose={() => setEnding(false)}
        />
      </div>
    </div>
  );
}
