// Overview: the reporting home — sent, delivered, failed and cost over a period, volume by
// status, delivery per country and operator, latency and the latest campaigns; accounts that
// have sent nothing yet also get the first steps; platform administrators also every account's
// cost and margin per connector and country.
import type { Metadata } from "next";
import { Suspense } from "react";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/money";
import { composerRoles, hasRole, ownerRoles } from "@/lib/core/users/roles";
import { currentUser } from "./_lib/current-user";
import { GetStartedCard } from "./_components/overview/get-started-card";
import { OverviewView } from "./_components/overview/overview-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const me = await currentUser("/");
  const { rows } = await me.ctx.sql.query<{ sent: boolean }>(`SELECT EXISTS (SELECT 1 FROM messages WHERE account_id = $1) AS sent`, [me.accountId]);
  const firstName = me.name.split(/\s+/)[0] || me.email;
  const canCompose = hasRole(me.role, composerRoles);
  return (
    <Suspense>
      <OverviewView
        title="Overview"
        subtitle={`Welcome back, ${firstName}. How ${me.account.name}'s messages did.`}
        balance={formatMoney(me.account.balanceMicros, me.account.currency)}
        canCompose={canCompose}
        showMargins={me.platformAdmin}
        getStarted={rows[0]?.sent ? undefined : <GetStartedCard baseUrl={`${env().PUBLIC_URL}/api`} canSend={canCompose} canManageApps={hasRole(me.role, ownerRoles)} />}
      />
    </Suspense>
  );
}
