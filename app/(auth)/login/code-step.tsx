// The second step of signing in for a user with two-factor sign-in on: the 6-digit code of their
// authenticator app, or one of their recovery codes. The email and password of the first step
// are sent again with it (next-auth keeps nothing between the two).
"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNote } from "@/components/ui/error-note";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

interface Props {
  /** Signs in with the code; answers the sentence to show when it did not. */
  submit: (code: string) => Promise<string | null>;
  onCancel: () => void;
}

export function CodeStep({ submit, onCancel }: Props) {
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function switchKind() {
    setRecovery(!recovery);
    setCode("");
    setError(null);
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return setError(recovery ? "Enter one of your recovery codes." : "Enter the 6-digit code of your authenticator app.");
    setBusy(true);
    setError(null);
    const problem = await submit(typed);
    // Success leaves the page; a problem stays here to try again.
    if (problem) {
      setError(problem);
      setCode("");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5" aria-label="Two-factor code">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Switchboard."}
      </p>
      {error && <ErrorNote>{error}</ErrorNote>}
      <Field id="code" label={recovery ? "Recovery code" : "Authentication code"}>
        <Input
          key={recovery ? "recovery" : "totp"}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          maxLength={recovery ? 11 : 6}
          placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
          className="font-mono tracking-widest"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" loading={busy}>
        Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-indigo-600 hover:underline dark:text-indigo-400" onClick={switchKind}>
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </button>
        <button type="button" className="text-slate-500 hover:underline dark:text-slate-400" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
