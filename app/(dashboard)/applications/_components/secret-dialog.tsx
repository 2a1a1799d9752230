// Shown once, right after creating an application: its id and secret, and how to use them.
"use client";
import { CodeBlock } from "@/components/ui/code-block";
import { ReadOnlyValue } from "@/components/ui/read-only-value";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import type { CreatedApplication } from "./api";

export function SecretDialog({ application, apiBaseUrl, onClose }: { application: CreatedApplication | null; apiBaseUrl: string; onClose: () => void }) {
  const app = application;
  const command = app ? [`curl -s -X POST ${apiBaseUrl}/oauth/token \\`, `  -u "${app.applicationId}:${app.applicationSecret}" \\`, `  -d grant_type=client_credentials`].join("\n") : "";
  return (
    <ShownOnceDialog
      open={app !== null}
      onClose={onClose}
      title="Application created"
      description={app ? <>Credentials for “{app.name}”. Copy the secret now.</> : undefined}
      size="lg"
      warning="This secret will not be shown again."
      advice="Store it in your secret manager now. If it is lost, create a new application and revoke this one."
      keptLabel="I have stored the secret"
      spacing="space-y-5"
    >
      {app && (
        <>
          <ReadOnlyValue id="created-application-id" label="Application ID" value={app.applicationId} copyLabel="Copy application id" />
          <ReadOnlyValue id="created-application-secret" label="Application secret" value={app.applicationSecret} copyLabel="Copy secret" />
          <div>
            <p className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Try it: get an access token</p>
            <CodeBlock code={command} label="Copy token command" />
          </div>
        </>
      )}
    </ShownOnceDialog>
  );
}
