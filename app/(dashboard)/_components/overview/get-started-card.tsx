// For accounts that have sent nothing yet: the three steps to a first message, compactly.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { ArrowRightIcon } from "@/components/ui/icons";

export function GetStartedCard({ baseUrl, canSend, canManageApps }: { baseUrl: string; canSend: boolean; canManageApps: boolean }) {
  const send = [
    `curl -s -X POST ${baseUrl}/sms \\`,
    `  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\`,
    `  -d '{"from": "Switchboard", "to": "+306912345678", "body": "Hello!"}'`,
  ].join("\n");
  return (
    <Card className="mb-6 overflow-hidden" data-testid="get-started">
      <div className="grid gap-0 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="border-b border-slate-200 bg-gradient-to-br from-indigo-50 to-white p-5 lg:border-r lg:border-b-0 dark:border-slate-800 dark:from-indigo-500/10 dark:to-slate-900">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">Get started</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Your account has not sent a message yet. Your reports will appear here once it does.</p>
          <ol className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
            <li className="flex gap-2">
              <Num n={1} />
              <span>
                {canManageApps ? (
                  <Link href="/applications" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                    Create an application
                  </Link>
                ) : (
                  "Ask an owner for an application"
                )}{" "}
                — API credentials with the scopes you choose.
              </span>
            </li>
            <li className="flex gap-2">
              <Num n={2} />
              <span>
                Exchange them for a token at <code className="font-mono text-[13px]">POST /oauth/token</code>.
              </span>
            </li>
            <li className="flex gap-2">
              <Num n={3} />
              <span>Send an SMS through the API, or from the dashboard.</span>
            </li>
          </ol>
          <div className="mt-5 flex flex-wrap gap-2">
            {canSend && (
              <Link href="/compose" className={buttonClasses("primary", "sm")}>
                Send a test SMS
              </Link>
            )}
            <Link href="/reference" className={buttonClasses("secondary", "sm")}>
              API reference
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
        <div className="min-w-0 p-5">
          <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Your first message through the API</p>
          <CodeBlock code={send} label="Copy the send command" language="shell" />
        </div>
      </div>
    </Card>
  );
}

function Num({ n }: { n: number }) {
  return (
    <span className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-white text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/30">
      {n}
    </span>
  );
}
