// The Operator area's index: what each of its sections is for.
import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { operatorSections } from "./_lib/sections";

export const metadata: Metadata = { title: "Operator" };

export default function OperatorPage() {
  return (
    <>
      <PageHeader title="Operator" description="Run the platform: the accounts of your customers and what they pay." />
      <div className="grid gap-4 sm:grid-cols-2">
        {operatorSections.map(({ href, label, description, icon: Icon }) => (
          <Link key={href} href={href} className="group rounded-xl focus-visible:outline-2 focus-visible:outline-indigo-500">
            <Card className="h-full p-5 transition-colors group-hover:border-indigo-300 dark:group-hover:border-indigo-500/50">
              <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
                <Icon size={18} className="text-indigo-600 dark:text-indigo-300" />
                {label}
                <ArrowRightIcon size={14} className="ml-auto text-slate-400 group-hover:text-indigo-600" />
              </p>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
