// The Contacts area's sub-pages as tabs; each is its own URL.
import Link from "next/link";
import { cn } from "@/components/ui/cn";

const tabs = [
  { href: "/contacts", label: "Contacts" },
  { href: "/contacts/groups", label: "Groups" },
  { href: "/contacts/labels", label: "Custom fields" },
  { href: "/contacts/import", label: "Import" },
] as const;

export type ContactsTab = (typeof tabs)[number]["href"];

export function ContactsTabs({ active }: { active: ContactsTab }) {
  return (
    <nav aria-label="Contacts sections" className="mb-6 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {tabs.map((t) => (
          <li key={t.href}>
            <Link
              href={t.href}
              aria-current={t.href === active ? "page" : undefined}
              className={cn(
                "inline-block border-b-2 px-0.5 pb-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500",
                t.href === active
                  ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                  : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200",
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
