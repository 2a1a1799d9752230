// The sign-in page. Already signed-in visitors go straight on to where they were heading.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { findCurrentUser } from "@/app/(dashboard)/_lib/current-user";
import { SwitchboardLogo } from "@/components/ui/icons";
import { LoginForm } from "./login-form";
import { safeCallbackUrl } from "./safe-callback-url";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const highlights = [
  ["One API for every channel", "SMS over SMPP, campaigns, OTP with failover and transactional email."],
  ["Know what happened", "Delivery tracking, signed callbacks and per-message cost."],
  ["Yours to run", "Self-hosted: your data, your carriers, your rules."],
];

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await findCurrentUser()) redirect(callbackUrl);

  return (
    <main className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section className="relative hidden overflow-hidden bg-indigo-950 px-12 py-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(129,140,248,0.35),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(56,189,248,0.18),transparent_50%)]"
        />
        <div className="relative flex items-center gap-2.5 text-lg font-semibold">
          <span className="flex size-9 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
            <SwitchboardLogo size={20} />
          </span>
          Switchboard
        </div>
        <div className="relative max-w-md">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">Messaging infrastructure you run yourself.</h2>
          <ul className="mt-8 space-y-5">
            {highlights.map(([title, text]) => (
              <li key={title} className="flex gap-3">
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-300" aria-hidden="true" />
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-indigo-200">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-indigo-300">Open source · MIT licensed</p>
      </section>

      <section className="flex items-center justify-center px-6 py-12 sm:px-10">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-2.5 lg:hidden">
            <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <SwitchboardLogo size={20} />
            </span>
            <span className="text-lg font-semibold">Switchboard</span>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Sign in to Switchboard</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Use the email and password of your dashboard account.</p>
          <LoginForm callbackUrl={callbackUrl} initialError={typeof params.error === "string" ? params.error : undefined} />
          <p className="mt-8 border-t border-slate-200 pt-6 text-xs leading-5 text-slate-500 dark:border-slate-800 dark:text-slate-400">
            First time here? The first start of the server creates a demo account and prints its credentials in the server log (also saved in{" "}
            <code className="font-mono">DATA_DIR/demo-credentials.json</code>).
          </p>
        </div>
      </section>
    </main>
  );
}
