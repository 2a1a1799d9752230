// A test send through a pool: shows the number the pool chose and why (sticky, geomatch…).
"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { FormDialog } from "@/components/form/form-dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { reasonOf } from "@/lib/ui/api-client";
import { sendThroughPool, type Pool, type PoolSend } from "./api";

const reasons: Record<PoolSend["senderReason"], string> = {
  sticky: "the number this pool used for the recipient before (sticky)",
  geomatch: "a number of the recipient's country (geomatch)",
  defaultCountry: "a number of the pool's default country",
  any: "a number of the pool (nothing matched better)",
  alphanumeric: "the pool's alphanumeric sender",
};

export function PoolSendDialog({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  const [to, setTo] = useState("");
  const [body, setBody] = useState("Hello from our pool!");
  const [strategy, setStrategy] = useState<"Numeric" | "Alphanumeric">("Numeric");
  const [sent, setSent] = useState<PoolSend[]>([]);
  const mutation = useMutation({
    mutationFn: () => sendThroughPool(pool.poolId, { to, body, poolStrategy: strategy }),
    onSuccess: (r) => setSent((s) => [r, ...s]),
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={mutation.isPending}
      title={`Send through “${pool.poolName}”`}
      description="Charged like any SMS. Send twice to the same number to see the sticky sender."
      formId="pool-send"
      submitLabel="Send"
      submitDisabled={!to || !body}
      cancelLabel="Close"
      onSubmit={() => mutation.mutate()}
      error={mutation.error ? reasonOf(mutation.error, "The message could not be sent.") : undefined}
      formClassName="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pool-send-to" label="To">
          <Input inputMode="tel" placeholder="+306912345678" value={to} onChange={(e) => setTo(e.target.value)} data-autofocus />
        </Field>
        <Field id="pool-send-strategy" label="Pool strategy">
          <Select value={strategy} onChange={(e) => setStrategy(e.target.value as "Numeric" | "Alphanumeric")}>
            <option value="Numeric">Numeric: one of the pool's numbers</option>
            <option value="Alphanumeric" disabled={!pool.smsSettings.alphanumericSenderId}>
              Alphanumeric: {pool.smsSettings.alphanumericSenderId || "(none set)"}
            </option>
          </Select>
        </Field>
      </div>
      <Field id="pool-send-body" label="Message">
        <Textarea rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      </Field>
      {sent.length > 0 && (
        <ul aria-label="Sent through the pool" className="mt-1 space-y-2 text-sm">
          {sent.map((s) => (
            <li key={s.trackingId} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
              <div className="flex items-center justify-between gap-2">
                <span>
                  To <span className="font-mono">{s.to}</span> from{" "}
                  <span data-testid="pool-sender" className="font-mono font-medium">
                    {/^\d+$/.test(s.from) ? `+${s.from}` : s.from}
                  </span>
                </span>
                <Badge tone={s.senderReason === "sticky" ? "success" : "info"}>{s.senderReason}</Badge>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                Chosen: {reasons[s.senderReason]}.{" "}
                <Link className="hover:underline" href={`/messages/${s.trackingId}`}>
                  Open the message
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
