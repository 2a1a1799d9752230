// The bar above every page: account and balance, the signed-in user, sign out, and on small
// screens the menu button that opens the navigation.
"use client";
import { useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LogOutIcon, MenuIcon, WalletIcon, XIcon } from "@/components/ui/icons";
import { apiFetch } from "@/lib/ui/api-client";
import { roleLabel } from "@/lib/ui/format";
import { formatMoney, toMicros } from "@/lib/money";
import { Brand } from "./brand";
import { NavLinks } from "./nav-links";

export interface Me {
  user: { id: string; email: string; name: string; role: string; platformAdmin: boolean };
  account: { id: string; name: string; balance: number; currency: string };
}

export function TopBar({ initialMe }: { initialMe: Me }) {
  const { data: me } = useQuery({
    queryKey: ["me"],
    queryFn: () => apiFetch<Me>("/api/dashboard/me"),
    initialData: initialMe,
    staleTime: 30_000,
  });
  const [menuOpen, setMenuOpen] = useState(false);
  const balance = formatMoney(toMicros(me.account.balance), me.account.currency);
  const initials = (me.user.name || me.user.email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-900/85">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          className="-ml-1.5 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-nav"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <XIcon size={20} /> : <MenuIcon size={20} />}
        </button>
        <div className="lg:hidden">
          <Brand />
        </div>

        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden truncate text-sm font-semibold sm:inline text-slate-900 dark:text-slate-100" data-testid="account-name">
            {me.account.name}
          </span>
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200"
            title="Account balance"
          >
            <WalletIcon size={14} className="text-slate-500 dark:text-slate-400" />
            <span className="sr-only">Balance </span>
            <span data-testid="account-balance">{balance}</span>
          </span>
        </div>

        <div className="ml-auto flex items-center gap-3">
          <div className="hidden text-right md:block">
            <p className="text-sm leading-5 font-medium text-slate-900 dark:text-slate-100" data-testid="user-email">
              {me.user.email}
            </p>
            <p className="text-xs leading-4 text-slate-500 dark:text-slate-400" data-testid="user-role">
              {roleLabel(me.user.role)}
            </p>
          </div>
          <span
            aria-hidden="true"
            className="hidden size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 sm:flex dark:bg-indigo-500/20 dark:text-indigo-200"
          >
            {initials}
          </span>
          <Button variant="ghost" size="sm" onClick={() => signOut({ callbackUrl: "/login" })}>
            <LogOutIcon />
            <span className="hidden sm:inline">Sign out</span>
            <span className="sr-only sm:hidden">Sign out</span>
          </Button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-nav" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 px-3 pt-3 pb-4 lg:hidden dark:border-slate-800">
          <div className="mb-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm sm:hidden dark:bg-slate-800/60">
            <p className="font-semibold text-slate-900 dark:text-slate-100">{me.account.name}</p>
            <p className="text-slate-600 dark:text-slate-400">
              Balance <span className="font-medium text-slate-900 tabular-nums dark:text-slate-100">{balance}</span>
            </p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {me.user.email} · {roleLabel(me.user.role)}
            </p>
          </div>
          <nav aria-label="Main">
            <NavLinks role={me.user.role} platformAdmin={me.user.platformAdmin} onNavigate={() => setMenuOpen(false)} />
          </nav>
        </div>
      )}
    </header>
  );
}
