// Shown once, right after creating an application: its id and secret, and how to use them.
"use client";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { Dialog } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import { ReadOnlyValue } from "@/components/ui/read-only-value";
import type { CreatedApplication } from "./api";

export function SecretDialog({ application, apiBaseUrl, onClose }: { application: CreatedApplication | null; apiBaseUrl: string; onClose: () => void }) {
  const app = application;
  const command = app ? [`curl -s -X POST ${apiBaseUrl}/oauth/token \\`, `  -u "${app.applicationId}:${app.applicationSecret}" \\`, `  -d grant_type=client_credentials`].join("\n") : "";
  return (
    <Dialog
      open={app !== null}
      onClose={onClose}
      title="Application created"
      description={app ? <>Credentials for “{app.name}”. Copy the secret now.</> : undefined}
      size="lg"
      footer={<Button onClick={onClose}>I have stored the secret</Button>}
    >
      {app && (
        <div className="space-y-5 pb-2">
          <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
            <AlertIcon size={18} className="mt-0.5 shrink-0" />
            <p>
              <strong className="font-semibold">This secret will not be shown again.</strong> Store it in your secret manager now. If it is lost, create a new application and revoke this one.
            </p>
          </div>
          <ReadOnlyValue id="created-application-id" label="Application ID" value={app.applicationId} copyLabel="Copy application id" />
          <ReadOnlyValue id="created-application-secret" label="Application secret" value={app.applicationSecret} copyLabel="Copy secret" />
          <div>
            <p className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Try it: get an access token</p>
            <CodeBlock code={command} label="Copy token command" />
          </div>
        </div>
      )}
    </Dialog>
  );
}
