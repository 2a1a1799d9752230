// The dashboard shell: sidebar, top bar and the page. Every page below needs a signed-in user.
import { Providers } from "@/components/providers";
import { fromMicros } from "@/lib/money";
import { findCurrentUser } from "./_lib/current-user";
import { SignInRedirect } from "./_components/sign-in-redirect";
import { Sidebar } from "./_components/sidebar";
import { TopBar } from "./_components/top-bar";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const me = await findCurrentUser();
  // Pages redirect on the server with their own path; this covers any that do not.
  if (!me) return <SignInRedirect />;
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
          {children}
        </main>
      </div>
    </Providers>
  );
}
