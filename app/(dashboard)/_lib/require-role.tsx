// Pages that send, spend or manage the account refuse the roles that may not, on the server:
// the page renders a refusal instead of its form (the API refuses those roles too, with 403).
//   return forRoles("/compose", composerRoles, "send messages", "Send SMS", (me) => <ComposeView … />);
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import type { Role } from "@/lib/db/generated/enums";
import { roleSummaries } from "@/lib/core/users/roles";
import { roleLabel } from "@/lib/ui/format";
import { currentUser, type CurrentUser } from "./current-user";

/** The page of the signed-in user (sent to the login page without one) when their role is allowed, else the refusal. */
export async function forRoles(from: string, allowed: readonly Role[], action: string, title: string, page: (me: CurrentUser) => ReactNode): Promise<ReactNode> {
  const me = await currentUser(from);
  return roleRefusal(me, allowed, action, title) ?? page(me);
}

/** null when `me` has one of the roles; otherwise the page to render instead. */
function roleRefusal(me: Pick<CurrentUser, "role">, allowed: readonly Role[], action: string, title: string) {
  if (allowed.includes(me.role)) return null;
  return <RoleRefusal role={me.role} allowed={allowed} action={action} title={title} />;
}

function RoleRefusal({ role, allowed, action, title }: { role: Role; allowed: readonly Role[]; action: string; title: string }) {
  const who = allowed.map((r) => `${roleLabel(r).toLowerCase()}s`);
  const needed = who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who.at(-1)}` : who[0];
  return (
    <>
      <PageHeader title={title} />
      <Card data-testid="role-refusal">
        <EmptyState
          icon={<ShieldIcon size={22} />}
          title={`Your role cannot ${action}`}
          description={
            <>
              <p>
                You are signed in as <strong className="font-semibold text-slate-900 dark:text-slate-100">{roleLabel(role)}</strong>: {roleSummaries[role]}
              </p>
              <p className="mt-2">
                Only {needed} can {action}. Ask an owner of the account to change your role if you need to.
              </p>
              <p className="mt-3 text-xs text-slate-500 dark:text-slate-500">403 · Forbidden for your role</p>
            </>
          }
          action={
            <Link href="/" className={buttonClasses("secondary")}>
              Back to the overview
            </Link>
          }
        />
      </Card>
    </>
  );
}
