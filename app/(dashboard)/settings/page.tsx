// Settings: the account, the signed-in user, and the roles (owners go on to manage users).
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { hasRole, ownerRoles, roles, roleSummaries } from "@/lib/core/users/roles";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyableCode } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { currencyInfo, formatMoney } from "@/lib/money";
import { roleLabel } from "@/lib/ui/format";
import { currentUser } from "../_lib/current-user";
import { readBillingDetails } from "@/lib/core/billing/billing-details";
import { BankAccounts } from "./_components/bank-accounts";
import { accountRetention } from "@/lib/core/retention/retention-policy";
import { SignInSecurity } from "./_components/sign-in-security";
import { TwoFactorSettings } from "./_components/two-factor-settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const me = await currentUser("/settings");
  const currency = currencyInfo(me.account.currency);
  const isOwner = hasRole(me.role, ownerRoles);
  const billing = await readBillingDetails(me.ctx);
  const retention = await accountRetention(me.ctx, me.account.id);
  return (
    <>
      <PageHeader title="Settings" description="Your account, your sign-in and who else can sign in." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Account" description="The organisation that owns the balance, applications and messages." />
          <CardBody>
            <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
              <Row label="Name">{me.account.name}</Row>
              <Row label="Account id">
                <CopyableCode value={me.account.id} label="Copy account id" className="truncate" />
              </Row>
              <Row label="Currency">
                {currency.name} ({currency.code})
              </Row>
              <Row label="Balance">
                <span className="font-medium tabular-nums">{formatMoney(me.account.balanceMicros, me.account.currency)}</span>
              </Row>
              <Row label="Data kept">
                <span className="flex flex-col items-end gap-1 sm:items-start">
                  <span className="tabular-nums">{retention.days} days</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    Messages, delivery reports, callbacks and emails older than this are deleted nightly
                    {retention.source === "platform" ? " (the platform's default)" : " (set for this account by the platform operator)"}; reports keep their totals.
                  </span>
                </span>
              </Row>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Your sign-in" description="The user you are signed in as." />
          <CardBody>
            <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
              <Row label="Name">{me.name || <span className="text-slate-400">Not set</span>}</Row>
              <Row label="Email">{me.email}</Row>
              <Row label="Role">
                <span className="flex flex-col items-end gap-1 sm:items-start">
                  <Badge tone="accent">{roleLabel(me.role)}</Badge>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{roleSummaries[me.role]}</span>
                </span>
              </Row>
            </dl>
            <SignInSecurity />
            <TwoFactorSettings />
          </CardBody>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader
          title="Users and roles"
          description="Who can sign in to this account. Roles are enforced by the server on every page and request."
          actions={
            isOwner ? (
              <span className="flex gap-2">
                <Link href="/settings/audit" className={buttonClasses("secondary", "sm")}>
                  Audit log
                </Link>
                <Link href="/settings/users" className={buttonClasses("secondary", "sm")}>
                  Manage users
                  <ArrowRightIcon />
                </Link>
              </span>
            ) : undefined
          }
        />
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            {roles.map((r) => (
              <div key={r} className="rounded-lg border border-slate-200 p-3.5 dark:border-slate-800">
                <dt className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
                  {roleLabel(r)}
                  {r === me.role && <Badge tone="accent">You</Badge>}
                </dt>
                <dd className="mt-1 text-slate-600 dark:text-slate-400">{roleSummaries[r]}</dd>
              </div>
            ))}
          </dl>
          {!isOwner && <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">An owner of the account adds users and changes roles.</p>}
        </CardBody>
      </Card>
      <BankAccounts initial={billing} canEdit={me.platformAdmin} />
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-3 sm:grid sm:grid-cols-3">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900 sm:col-span-2 sm:text-left dark:text-slate-100">{children}</dd>
    </div>
  );
}
