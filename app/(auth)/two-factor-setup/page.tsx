// Where a user is sent right after signing in when their account requires two-factor sign-in and
// they have not set it up: nothing else of the dashboard opens until they have.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { findCurrentUser, twoFactorSetupPath } from "@/app/(dashboard)/_lib/current-user";
import { Providers } from "@/components/providers";
import { Brand } from "@/app/(dashboard)/_components/brand";
import { RequiredSetup } from "./required-setup";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up two-factor sign-in" };

export default async function TwoFactorSetupPage() {
  const me = await findCurrentUser();
  if (!me) redirect(`/login?callbackUrl=${encodeURIComponent(twoFactorSetupPath)}`);
  if (!me.mustSetUpTwoFactor) redirect("/");
  return (
    <main className="flex min-h-dvh items-start justify-center px-6 py-12 sm:px-10 sm:py-20">
      <div className="w-full max-w-2xl">
        <div className="mb-8">
          <Brand />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Set up two-factor sign-in</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          An owner of {me.account.name} requires two-factor sign-in of every user. Set it up for {me.email} to continue: from now on, signing in asks for a code of an authenticator app after your
          password.
        </p>
        <div className="mt-8">
          <Providers>
            <RequiredSetup />
          </Providers>
        </div>
      </div>
    </main>
  );
}
