// The fixed left column on large screens.
import { Brand } from "./brand";
import { NavLinks } from "./nav-links";

export function Sidebar({ role, platformAdmin, version }: { role: string; platformAdmin?: boolean; version?: string }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex dark:border-slate-800 dark:bg-slate-900">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Brand />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <NavLinks role={role} platformAdmin={platformAdmin} />
      </nav>
      {version && <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-400 dark:border-slate-800 dark:text-slate-500">Switchboard {version}</p>}
    </aside>
  );
}
