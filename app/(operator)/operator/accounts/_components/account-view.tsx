// One account in the operator console: its state (suspend, reactivate), balance (credit, debit),
// traffic and users, its own price list and its ledger.
"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyableCode } from "@/components/ui/copy-button";
import { ErrorNote } from "@/components/ui/error-note";
import { BanIcon, WalletIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Skeletons } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { Time } from "@/components/ui/time";
import { capitalize, countOf, formatAmount, formatCount, formatDateTime, roleLabel } from "@/lib/ui/format";
import { accountKey, fetchAccount, type OperatorAccountDetail } from "./api";
import { BalanceDialog } from "./balance-dialog";
import { LedgerCard } from "./ledger-card";
import { PricesCard } from "./prices-card";
import { ResumeDialog, SuspendDialog } from "./state-dialogs";

export function AccountView({ accountId }: { accountId: string }) {
  const query = useQuery({ queryKey: accountKey(accountId), queryFn: () => fetchAccount(accountId) });
  const [dialog, setDialog] = useState<"suspend" | "resume" | "balance" | null>(null);
  const back = <BackLink href="/operator/accounts">Accounts</BackLink>;
  if (query.isError)
    return (
      <>
        {back}
        <LoadError what="The account" message={query.error.message} onRetry={() => query.refetch()} />
      </>
    );
  if (query.isPending)
    return (
      <>
        {back}
        <Skeletons className="space-y-4" sizes={["h-10 w-72", "h-32 w-full", "h-48 w-full"]} />
      </>
    );
  const a = query.data;
  const suspended = a.state === "suspended";
  const close = () => setDialog(null);
  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {a.name} <StatusBadge status={capitalize(a.state)} />
          </span>
        }
        description={`Opened ${formatDateTime(a.createdAt)} · ${a.currency}`}
        actions={
          <>
            <Button variant="secondary" icon={<WalletIcon />} onClick={() => setDialog("balance")}>
              Credit or debit
            </Button>
            {suspended ? (
              <Button onClick={() => setDialog("resume")}>Reactivate</Button>
            ) : (
              <Button variant="danger" icon={<BanIcon />} onClick={() => setDialog("suspend")}>
                Suspend
              </Button>
            )}
          </>
        }
      />
      {suspended && <SuspendedNote account={a} />}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader title="Account" />
          <CardBody>
            <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
              <Row label="Balance">
                <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100" data-testid="operator-account-balance">
                  {formatAmount(a.balance, a.currency)}
                </span>
              </Row>
              <Row label="Parts, 24 h">{formatCount(a.sent24h)}</Row>
              <Row label="Parts, 7 days">{formatCount(a.sent7d)}</Row>
              <Row label="Open campaigns">{formatCount(a.openCampaigns)}</Row>
              <Row label="Account id">
                <CopyableCode value={a.id} label="Copy account id" className="block max-w-40 truncate" />
              </Row>
            </dl>
          </CardBody>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader title="Users" description="Who signs in to this account's dashboard. Its owners add and remove the others." />
          <StaticTable
            label="Users"
            rows={a.userList}
            getRowId={(u) => u.id}
            columns={[
              {
                header: "User",
                cell: (u) => (
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 truncate font-medium text-slate-900 dark:text-slate-100">
                      {u.name || u.email} {u.platformAdmin && <Badge tone="accent">Platform admin</Badge>}
                    </p>
                    {u.name && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{u.email}</p>}
                  </div>
                ),
              },
              { header: "Role", cell: (u) => roleLabel(u.role) },
              {
                header: "Last sign-in",
                className: "hidden whitespace-nowrap sm:table-cell",
                cell: (u) => (u.lastLoginAt ? <Time at={u.lastLoginAt} show="relative" /> : <span className="text-slate-400 dark:text-slate-500">Never</span>),
              },
            ]}
          />
        </Card>
      </div>
      <div className="mt-6 space-y-6">
        <PricesCard accountId={a.id} />
        <LedgerCard accountId={a.id} currency={a.currency} />
      </div>
      <BalanceDialog account={a} open={dialog === "balance"} onClose={close} />
      <SuspendDialog account={a} open={dialog === "suspend"} onClose={close} />
      <ResumeDialog account={a} open={dialog === "resume"} onClose={close} />
    </>
  );
}

function SuspendedNote({ account: a }: { account: OperatorAccountDetail }) {
  return (
    <ErrorNote className="mb-6">
      <p className="font-medium">
        Suspended since {formatDateTime(a.suspendedAt)}
        {a.suspendedReason ? `: ${a.suspendedReason}` : ""}
      </p>
      <p className="mt-1">
        Its API tokens are refused with 403 and its users cannot sign in. Its open campaigns are paused ({countOf(a.openCampaigns, "campaign")}, {countOf(a.parkedJobs, "job")} waiting); reactivating
        the account resumes them where they stopped.
      </p>
    </ErrorNote>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
