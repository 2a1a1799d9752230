// The dashboard's frame around a page: sidebar, top bar and the main column. The dashboard's
// layout and the Operator area's (app/(operator), which must refuse before anything streams) both
// render it.
import { Providers } from "@/components/providers";
import { fromMicros } from "@/lib/money";
import type { CurrentUser } from "../_lib/current-user";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";
import { PausedEndpointsBanner } from "../webhooks/_components/paused-banner";

export function DashboardShell({ me, children }: { me: CurrentUser; children: React.ReactNode }) {
  const initialMe = {
    user: { id: me.userId, email: me.email, name: me.name, role: me.role, platformAdmin: me.platformAdmin },
    account: { id: me.account.id, name: me.account.name, balance: fromMicros(me.account.balanceMicros), currency: me.account.currency },
  };
  return (
    <Providers>
      <a href="#main" className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        Skip to content
      </a>
      <Sidebar role={me.role} platformAdmin={me.platformAdmin} />
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar initialMe={initialMe} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-8">
          {me.role === "owner" && <PausedEndpointsBanner />}
          {children}
        </main>
      </div>
    </Providers>
  );
}
