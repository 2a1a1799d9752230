// A number's conversations: correspondents on the left (latest first), the chosen thread on the
// right with a reply box; "Simulate inbound" has the SMSC simulator send the number an SMS.
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/form/form-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { MailIcon, SendIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { Skeletons } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { Time } from "@/components/ui/time";
import { reasonOf } from "@/lib/ui/api-client";
import { formatRelative } from "@/lib/ui/format";
import { fetchConversation, fetchConversations, numbersKey, sendReply, simulateInbound } from "./api";

export function Conversations({ msisdn, canManage }: { msisdn: string; canManage: boolean }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [simulating, setSimulating] = useState(false);
  const list = useQuery({ queryKey: [...numbersKey, "conversations", msisdn], queryFn: () => fetchConversations(msisdn), refetchInterval: 5000 });
  const conversations = list.data?.content ?? [];
  const current = selected ?? conversations[0]?.correspondent ?? null;

  return (
    <Card className="flex min-h-[32rem] flex-col">
      <CardHeader
        title="Conversations"
        description="Messages this number received and sent, per correspondent."
        actions={
          canManage && (
            <Button variant="secondary" size="sm" onClick={() => setSimulating(true)}>
              <MailIcon />
              Simulate inbound
            </Button>
          )
        }
      />
      {list.isLoading ? (
        <Skeletons className="space-y-3 p-5" sizes={["h-12", "h-12"]} />
      ) : conversations.length === 0 ? (
        <EmptyState
          icon={<MailIcon size={22} />}
          title="No messages yet"
          description={`Messages sent to ${msisdn} appear here. Try "Simulate inbound", or npm run cli -- sim inbound --to ${msisdn} --from +306912345678 --body "Hello".`}
        />
      ) : (
        <div className="grid flex-1 border-t border-slate-200 md:grid-cols-[16rem_minmax(0,1fr)] dark:border-slate-800">
          <ul aria-label="Correspondents" className="max-h-[34rem] overflow-y-auto border-b border-slate-200 md:border-r md:border-b-0 dark:border-slate-800">
            {conversations.map((c) => (
              <li key={c.correspondent}>
                <button
                  type="button"
                  onClick={() => setSelected(c.correspondent)}
                  aria-current={c.correspondent === current || undefined}
                  className={cn("w-full px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50", c.correspondent === current && "bg-indigo-50 dark:bg-indigo-500/10")}
                >
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-mono text-sm font-medium">{c.correspondent}</span>
                    <time className="shrink-0 text-xs text-slate-500">{formatRelative(c.lastAt)}</time>
                  </div>
                  <p className="mt-0.5 truncate text-sm text-slate-500">
                    {c.lastDirection === "Outbound" ? "You: " : ""}
                    {c.lastBody}
                  </p>
                </button>
              </li>
            ))}
          </ul>
          {current && <Thread msisdn={msisdn} correspondent={current} canManage={canManage} />}
        </div>
      )}
      <SimulateInboundDialog
        msisdn={msisdn}
        open={simulating}
        onClose={() => setSimulating(false)}
        onSent={(from) => {
          setSelected(from);
          setSimulating(false);
        }}
      />
    </Card>
  );
}

function Thread({ msisdn, correspondent, canManage }: { msisdn: string; correspondent: string; canManage: boolean }) {
  const [text, setText] = useState("");
  const queryClient = useQueryClient();
  const key = [...numbersKey, "conversation", msisdn, correspondent];
  const thread = useQuery({ queryKey: key, queryFn: () => fetchConversation(msisdn, correspondent), refetchInterval: 3000 });
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [count]);
  const reply = useMutation({
    mutationFn: () => sendReply(msisdn, correspondent, text),
    onSuccess: async () => {
      setText("");
      await queryClient.invalidateQueries({ queryKey: [...numbersKey, "conversation", msisdn] });
      await queryClient.invalidateQueries({ queryKey: [...numbersKey, "conversations", msisdn] });
    },
  });
  const replyable = /^\+\d+$/.test(correspondent);
  return (
    <section aria-label={`Conversation with ${correspondent}`} className="flex min-h-0 flex-col">
      <div className="max-h-[28rem] flex-1 space-y-3 overflow-y-auto p-4">
        {thread.data?.messages.map((m) => (
          <div key={m.trackingId} className={cn("flex", m.direction === "Outbound" ? "justify-end" : "justify-start")}>
            <div
              data-direction={m.direction}
              className={cn(
                "max-w-[80%] rounded-2xl px-3.5 py-2 text-sm",
                m.direction === "Outbound" ? "rounded-br-sm bg-indigo-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
              )}
            >
              <p className="whitespace-pre-wrap break-words">{m.body}</p>
              <p className={cn("mt-1 flex items-center gap-2 text-[11px]", m.direction === "Outbound" ? "text-indigo-100" : "text-slate-500")}>
                <Time at={m.at} show="relative" />
                {m.direction === "Outbound" && (
                  <span>
                    · from +{m.from} · {m.status}
                  </span>
                )}
              </p>
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      {canManage && replyable && (
        <form
          className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) reply.mutate();
          }}
        >
          <div className="flex-1">
            <label htmlFor="reply" className="sr-only">
              Reply to {correspondent}
            </label>
            <Textarea
              id="reply"
              rows={2}
              placeholder={`Reply to ${correspondent} from ${msisdn}`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) {
                  e.preventDefault();
                  if (text.trim()) reply.mutate();
                }
              }}
            />
            {reply.error && (
              <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
                {reasonOf(reply.error, "The reply could not be sent.")}
              </p>
            )}
          </div>
          <Button type="submit" loading={reply.isPending} disabled={!text.trim()}>
            <SendIcon />
            Send
          </Button>
        </form>
      )}
    </section>
  );
}

function SimulateInboundDialog({ msisdn, open, onClose, onSent }: { msisdn: string; open: boolean; onClose: () => void; onSent: (from: string) => void }) {
  const [from, setFrom] = useState("+306912345678");
  const [body, setBody] = useState("Hi! Is this still available?");
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: () => simulateInbound(msisdn, { from, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...numbersKey, "conversations", msisdn] });
      await queryClient.invalidateQueries({ queryKey: [...numbersKey, "conversation", msisdn] });
      toast({ title: "Inbound SMS received", description: `The SMSC simulator delivered it to ${msisdn} over SMPP.`, tone: "success" });
      onSent(from.startsWith("+") ? from : `+${from}`);
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={mutation.isPending}
      title="Simulate an inbound SMS"
      description={`The bundled SMSC simulator sends this message to ${msisdn} as a deliver_sm, exactly as a phone's reply would arrive.`}
      formId="simulate-inbound"
      submitLabel={`Send to ${msisdn}`}
      onSubmit={() => mutation.mutate()}
      error={mutation.error ? reasonOf(mutation.error, "The message could not be sent.") : undefined}
      formClassName="space-y-4"
    >
      <Field id="sim-from" label="From">
        <Input value={from} onChange={(e) => setFrom(e.target.value)} inputMode="tel" />
      </Field>
      <Field id="sim-body" label="Message">
        <Textarea rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      </Field>
    </FormDialog>
  );
}
