// The dashboard shell: sidebar, top bar and the page. Every page below needs a signed-in user.
import { redirect } from "next/navigation";
import { findCurrentUser, sessionSuspended, twoFactorSetupPath } from "./_lib/current-user";
import { DashboardShell } from "./_components/dashboard-shell";
import { SignInRedirect } from "./_components/sign-in-redirect";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const me = await findCurrentUser();
  // Pages redirect on the server with their own path; this covers any that do not.
  if (!me) return <SignInRedirect suspended={await sessionSuspended()} />;
  // The account requires two-factor sign-in: setting it up comes before any page.
  if (me.mustSetUpTwoFactor) redirect(twoFactorSetupPath);
  return <DashboardShell me={me}>{children}</DashboardShell>;
}
