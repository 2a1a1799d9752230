// Email and password form; next-auth checks them and sets the session cookie. A user with
// two-factor sign-in on is asked for a code next (code-step.tsx).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ErrorNote } from "@/components/ui/error-note";
import { CodeStep } from "./code-step";

const credentials = z.object({
  email: z.string().trim().min(1, "Enter your email address").pipe(z.email("Enter a valid email address")),
  password: z.string().min(1, "Enter your password"),
});
type Credentials = z.infer<typeof credentials>;

const suspended = "AccountSuspended";
const throttled = "TooManyAttempts";

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/** What went wrong; `told` is the sign-in's own answer, which may say more than a link's ?error= may. */
function messageFor(error: string, told = false): string {
  // The server's words, with the operator's reason (lib/auth/next-auth.ts); a link only gets the generic sentence.
  if (error.startsWith(`${suspended}: `) && told) return error.slice(suspended.length + 2);
  const wait = new RegExp(`^${throttled}: (\\d+)`).exec(error);
  if (wait) return `Too many failed sign-ins. For your account's safety, try again in ${waitText(Number(wait[1]))}.`;
  if (error.startsWith(suspended)) return "Your account is suspended by the platform operator, so you cannot sign in until it is reactivated.";
  if (error === "TwoFactorInvalid") return "That code is not right, or was used already. Enter the code your app shows now.";
  return error === "CredentialsSignin" ? "The email or password is incorrect." : error === "SessionRequired" ? "Please sign in to continue." : "Signing in failed. Try again in a moment.";
}

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError ? messageFor(initialError) : null);
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm<Credentials>({ resolver: zodResolver(credentials), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  // The right password of a user with two-factor sign-in on: the code step signs in with it.
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);

  /** Signs in; the sentence to show when it did not. */
  async function attempt(fields: Credentials & { code?: string }): Promise<string | null> {
    // With its own callbackUrl: by default next-auth answers with this page's URL, and reads an
    // ?error= it carries (a suspended account's link) as this sign-in's error.
    const result = await signIn("credentials", { ...fields, redirect: false, callbackUrl });
    if (result?.error === "TwoFactorRequired") {
      setSecondStep({ email: fields.email, password: fields.password });
      return null;
    }
    if (!result || result.error || !result.ok) return messageFor(result?.error ?? "unknown", true);
    setRedirecting(true);
    router.push(callbackUrl);
    router.refresh();
    return null;
  }

  const onSubmit = form.handleSubmit(async (fields) => {
    setError(null);
    const problem = await attempt(fields);
    if (problem) {
      setError(problem);
      form.setFocus("password");
    }
  });

  if (secondStep) return <CodeStep submit={(code) => attempt({ ...secondStep, code })} onCancel={() => setSecondStep(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
      {error && <ErrorNote>{error}</ErrorNote>}
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus placeholder="you@company.com" {...form.register("email")} />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting || redirecting}>
        Sign in
      </Button>
    </form>
  );
}
