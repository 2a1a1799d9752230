// The Operator area's frame: the dashboard's, for platform administrators only. It lives in a
// route group of its own so that everyone else's 404 is decided before anything is sent (under
// the dashboard's loading boundary the page would already be streaming with status 200).
import { notFound } from "next/navigation";
import { findCurrentUser, sessionSuspended } from "@/app/(dashboard)/_lib/current-user";
import { DashboardShell } from "@/app/(dashboard)/_components/dashboard-shell";
import { SignInRedirect } from "@/app/(dashboard)/_components/sign-in-redirect";

export const dynamic = "force-dynamic";

export default async function OperatorGroupLayout({ children }: { children: React.ReactNode }) {
  const me = await findCurrentUser();
  if (!me) return <SignInRedirect suspended={await sessionSuspended()} />;
  if (!me.platformAdmin) notFound();
  return <DashboardShell me={me}>{children}</DashboardShell>;
}
