// The account's webhook signing secret: masked until revealed, copyable, and rotated behind a
// confirmation. Every callback (delivery reports, campaign progress, inbound SMS, OTP webhooks)
// is signed with it in the Standard Webhooks headers.
"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Disclosure } from "@/components/ui/disclosure";
import { useToast } from "@/components/ui/toast";
import { fetchWebhookSecret, rotateWebhookSecret, webhookSecretKey } from "./api";

const verifyExample = `import crypto from "node:crypto";

// secret: "whsec_…" from this page; body: the raw request body as a string.
function verifyCallback(secret, headers, body) {
  const id = headers["webhook-id"], timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or stale
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = crypto.createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return headers["webhook-signature"].split(" ").some((s) => {
    const given = Buffer.from(s.slice(s.indexOf(",") + 1), "base64");
    return s.startsWith("v1,") && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}`;

export function WebhookSecretCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({ queryKey: webhookSecretKey, queryFn: fetchWebhookSecret, enabled: revealed, staleTime: Infinity });
  const rotate = async () => {
    queryClient.setQueryData(webhookSecretKey, await rotateWebhookSecret());
    setRevealed(true);
    toast({ title: "Webhook secret rotated", description: "Callbacks are signed with the new secret from now on. Update your receivers." });
  };
  const secret = revealed ? query.data?.secret : undefined;

  return (
    <Card className="mt-8">
      <CardHeader
        title="Webhook signing secret"
        description={
          <>
            Every callback Switchboard sends is signed with this secret in the Standard Webhooks headers <code className="font-mono text-xs">webhook-id</code>,{" "}
            <code className="font-mono text-xs">webhook-timestamp</code> and <code className="font-mono text-xs">webhook-signature</code>. Check the signature on your receiver before trusting a
            callback.
          </>
        }
        actions={
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Rotate…
          </Button>
        }
      />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <code
            title={secret ? "Webhook signing secret" : "Webhook signing secret, hidden"}
            className="min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-[13px] text-slate-800 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-200"
          >
            {secret ?? `whsec_${"•".repeat(32)}`}
          </code>
          <Button variant="secondary" size="sm" loading={revealed && query.isPending} onClick={() => setRevealed((r) => !r)}>
            {revealed ? "Hide" : "Reveal"}
          </Button>
          {secret && <CopyButton value={secret} label="Copy webhook signing secret" showText />}
        </div>
        {revealed && query.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            The secret could not be loaded: {query.error.message}
          </p>
        )}
        <Disclosure summary="How to verify a callback (Node.js)" variant="plain">
          <CodeBlock code={verifyExample} language="JavaScript" label="Copy the example" />
        </Disclosure>
      </CardBody>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate the webhook signing secret?"
        description="A new secret replaces this one at once. Callbacks sent from now on, retries of earlier ones included, carry signatures made with the new secret: receivers that check signatures reject them until they have it."
        confirmLabel="Rotate secret"
        onConfirm={rotate}
      />
    </Card>
  );
}
