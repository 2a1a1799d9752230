// The honest page for a section that is not built yet: what it will do, and what works today.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser } from "../_lib/current-user";
import { section } from "../_lib/nav";

export async function ComingSoon({ href }: { href: string }) {
  await currentUser(href);
  const { label, icon: Icon, pitch, plans = [] } = section(href);
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {label}
            <Badge tone="warning">Not built yet</Badge>
          </span>
        }
        description={pitch}
      />
      <Card className="overflow-hidden">
        <div className="grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex flex-col items-start px-8 py-10">
            <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20">
              <Icon size={24} />
            </span>
            <h2 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{label} — not built yet</h2>
            <p className="mt-2 max-w-md text-sm leading-6 text-slate-600 dark:text-slate-400">
              This part of the dashboard is coming in a later release of Switchboard. Until then, the API reference shows everything you can already do.
            </p>
            <div className="mt-6 flex flex-wrap gap-2">
              <Link href="/reference" className={buttonClasses("primary", "sm")}>
                See what the API does today
              </Link>
              <Link href="/" className={buttonClasses("secondary", "sm")}>
                Back to overview
              </Link>
            </div>
          </div>
          {plans.length > 0 && (
            <div className="border-t border-slate-200 bg-slate-50/60 px-8 py-10 md:border-t-0 md:border-l dark:border-slate-800 dark:bg-slate-900/40">
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">What it will do</h3>
              <ul className="mt-4 space-y-3">
                {plans.map((p) => (
                  <li key={p} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                    <CheckIcon size={16} className="mt-0.5 shrink-0 text-indigo-500" />
                    {p}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Card>
    </>
  );
}
