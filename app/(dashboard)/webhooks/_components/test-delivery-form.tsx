// Test delivery: a sample event of a chosen kind, signed with the account's current secret, sent
// once to a URL; the request and the answer side by side, to check a receiver's signature code
// before going live. Nothing is stored.
"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { callbackKinds } from "@/lib/core/callbacks/delivery-states";
import { sendTest } from "./api";

export function TestDeliveryForm() {
  const [url, setUrl] = useState("");
  const [kind, setKind] = useState<string>(callbackKinds[0]);
  const test = useMutation({ mutationFn: () => sendTest(url, kind) });
  const r = test.data;
  return (
    <form
      className="mt-3 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        test.mutate();
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field id="test-url" label="Receiver URL" className="min-w-72 flex-1">
          <Input id="test-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks" />
        </Field>
        <Field id="test-kind" label="Event" className="min-w-44">
          <Select id="test-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <Options values={callbackKinds} />
          </Select>
        </Field>
        <Button type="submit" loading={test.isPending}>
          Send test event
        </Button>
      </div>
      {test.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {test.error.message}
        </p>
      )}
      {r && (
        <div className="grid gap-3 md:grid-cols-2">
          <section aria-label="Test request" className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <h4 className="mb-2 text-xs font-semibold text-slate-500 uppercase">Request</h4>
            <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap">
              {`${r.request.method} ${r.request.url}\n${Object.entries(r.request.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join("\n")}\n\n${r.request.body}`}
            </pre>
          </section>
          <section aria-label="Test response" className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <h4 className="mb-2 text-xs font-semibold text-slate-500 uppercase">Response · {r.latencyMs} ms</h4>
            <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap">
              {r.response.error
                ? r.response.error
                : `HTTP ${r.response.statusCode}\n${Object.entries(r.response.headers)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join("\n")}\n\n${r.response.body}`}
            </pre>
          </section>
        </div>
      )}
    </form>
  );
}
