// Settings: the account and the signed-in user, read-only for now.
import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { currencyInfo, formatMoney } from "@/lib/money";
import { roleLabel } from "@/lib/ui/format";
import { currentUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

const roleText: Record<string, string> = {
  owner: "Full access, including applications and billing.",
  marketer: "Compose messages and run campaigns.",
  support: "Look up messages and contacts.",
};

export default async function SettingsPage() {
  const me = await currentUser("/settings");
  const currency = currencyInfo(me.account.currency);
  return (
    <>
      <PageHeader title="Settings" description="Your account and your sign-in. Editing comes in a later release." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Account" description="The organisation that owns the balance, applications and messages." />
          <CardBody>
            <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
              <Row label="Name">{me.account.name}</Row>
              <Row label="Account id">
                <span className="flex items-center gap-1">
                  <code className="truncate font-mono text-xs">{me.account.id}</code>
                  <CopyButton value={me.account.id} label="Copy account id" />
                </span>
              </Row>
              <Row label="Currency">
                {currency.name} ({currency.code})
              </Row>
              <Row label="Balance">
                <span className="font-medium tabular-nums">{formatMoney(me.account.balanceMicros, me.account.currency)}</span>
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
                  <span className="text-xs text-slate-500 dark:text-slate-400">{roleText[me.role]}</span>
                </span>
              </Row>
            </dl>
          </CardBody>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader title="More settings coming" description="Planned for later releases." />
        <CardBody>
          <ul className="grid list-disc gap-x-8 gap-y-2 pl-5 text-sm text-slate-600 marker:text-slate-300 sm:grid-cols-2 dark:text-slate-400 dark:marker:text-slate-600">
            <li>Invite teammates and assign roles</li>
            <li>Change your password</li>
            <li>Callback signing secret and default callback URL</li>
            <li>Top-ups, invoices and low-balance alerts</li>
          </ul>
        </CardBody>
      </Card>
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
