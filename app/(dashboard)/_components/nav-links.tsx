// The section links; the current one carries aria-current="page".
"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { sectionsFor } from "../_lib/nav";

export function isActive(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/** The sections `role` may use: the server refuses the others anyway (route roles, requireRole, the Operator area's 404). */
export function NavLinks({ role, platformAdmin = false, onNavigate }: { role: string; platformAdmin?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="space-y-0.5">
      {sectionsFor(role, platformAdmin).map(({ href, label, icon: Icon, pitch }) => {
        const active = isActive(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500",
                active
                  ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200"
                  : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-slate-100",
              )}
            >
              <Icon size={18} className={cn(active ? "text-indigo-600 dark:text-indigo-300" : "text-slate-400 group-hover:text-slate-600 dark:text-slate-500 dark:group-hover:text-slate-300")} />
              <span className="flex-1">{label}</span>
              {pitch && (
                <span
                  aria-hidden="true"
                  title="Not built yet"
                  className="rounded px-1.5 py-px text-[10px] font-medium tracking-wide text-slate-400 uppercase ring-1 ring-slate-200 dark:text-slate-500 dark:ring-slate-700"
                >
                  Soon
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
