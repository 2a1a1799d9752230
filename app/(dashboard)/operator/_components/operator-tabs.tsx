// The Operator area's tabs, from its list of sections; the current one carries aria-current.
"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { operatorSections } from "../_lib/sections";

export function OperatorTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Operator" className="mb-6 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-4 overflow-x-auto">
        {operatorSections.map(({ href, label, icon: Icon }) => {
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2 border-b-2 px-1 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-500",
                  active
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200",
                )}
              >
                <Icon size={16} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
