// Overview: the account at a glance and the first steps from credentials to a first API call.
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, BookIcon, KeyIcon, WalletIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listApplications } from "@/lib/core/applications/list-applications";
import { env } from "@/lib/env";
import { currencyInfo, formatMoney } from "@/lib/money";
import { currentUser } from "./_lib/current-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const me = await currentUser("/");
  const { total: activeApps } = await listApplications(me.ctx, { accountId: me.accountId, page: 0, size: 1 });
  const baseUrl = `${env().PUBLIC_URL}/api`;
  const firstName = me.name.split(/\s+/)[0] || me.email;

  const tokenCommand = [
    `curl -s -X POST ${baseUrl}/oauth/token \\`,
    `  -u "$APPLICATION_ID:$APPLICATION_SECRET" \\`,
    `  -d grant_type=client_credentials`,
  ].join("\n");
  const callCommand = [`curl -s ${baseUrl}/accounts/me/balance \\`, `  -H "Authorization: Bearer $ACCESS_TOKEN"`].join("\n");

  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} description={`${me.account.name} — everything you need to send your first message through the API.`} />

      <div className="grid gap-4 md:grid-cols-3">
        <Stat icon={<WalletIcon size={18} />} label="Balance" value={formatMoney(me.account.balanceMicros, me.account.currency)} note={`${currencyInfo(me.account.currency).name} · prepaid`} />
        <Stat
          icon={<KeyIcon size={18} />}
          label="Active applications"
          value={String(activeApps)}
          note={
            <Link href="/applications" className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400">
              Manage applications
            </Link>
          }
        />
        <Card className="p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-500 dark:text-slate-400">
            <BookIcon size={18} />
            API base URL
          </p>
          <div className="mt-3 flex items-center gap-1">
            <code className="truncate font-mono text-sm text-slate-900 dark:text-slate-100">{baseUrl}</code>
            <CopyButton value={baseUrl} label="Copy API base URL" />
          </div>
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Every endpoint lives under this path.</p>
        </Card>
      </div>

      <Card className="mt-8">
        <CardHeader title="Getting started" description="Four steps from zero to your first authenticated API call." />
        <CardBody className="p-0">
          <ol className="divide-y divide-slate-100 dark:divide-slate-800">
            <Step n={1} title="Create an application">
              <p>
                An application is a pair of API credentials — an id and a secret — limited to the scopes you choose. Create one per
                service that talks to Switchboard, so you can revoke it on its own.
              </p>
              <Link href="/applications" className={buttonClasses("secondary", "sm", "mt-3")}>
                Go to Applications
                <ArrowRightIcon />
              </Link>
            </Step>
            <Step n={2} title="Get an access token">
              <p>Exchange the application id and secret for a bearer token (OAuth 2.0 client credentials):</p>
              <CodeBlock className="mt-3" code={tokenCommand} label="Copy token command" language="shell" />
              <p className="mt-2">
                The answer&apos;s <code className="font-mono text-[13px]">access_token</code> is valid for the lifetime you chose for the application.
              </p>
            </Step>
            <Step n={3} title="Call the API">
              <p>Send the token in the Authorization header of every request, for example to read your balance:</p>
              <CodeBlock className="mt-3" code={callCommand} label="Copy API call" language="shell" />
            </Step>
            <Step n={4} title="Explore the API reference">
              <p>Every endpoint with its parameters, request and response schemas, and error codes.</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link href="/reference" className={buttonClasses("secondary", "sm")}>
                  Open the API reference
                  <ArrowRightIcon />
                </Link>
                <a href="/api/openapi.json" className={buttonClasses("ghost", "sm")}>
                  Download openapi.json
                </a>
              </div>
            </Step>
          </ol>
        </CardBody>
      </Card>
    </>
  );
}

function Stat({ icon, label, value, note }: { icon: React.ReactNode; label: string; value: string; note: React.ReactNode }) {
  return (
    <Card className="p-5">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-500 dark:text-slate-400">
        {icon}
        {label}
      </p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">{value}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{note}</p>
    </Card>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4 px-5 py-5">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/30">
        {n}
      </span>
      <div className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-400">
        <h3 className="mb-1 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
        {children}
      </div>
    </li>
  );
}
