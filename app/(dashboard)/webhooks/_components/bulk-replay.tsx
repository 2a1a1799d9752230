// "Replay failed": counts the failed and paused callbacks the current filters match, asks for a
// confirmation with that count, starts the bulk replay and shows its progress until it is done.
"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { plural } from "@/lib/ui/format";
import { fetchReplay, replayMatching, webhooksKey } from "./api";

/** The page's URL filters as the API's filter (resource is resourceId; a state other than failed/paused is dropped). */
function apiFilter(filter: Record<string, string>): Record<string, unknown> {
  const { resource, state, from, to, ...rest } = filter;
  return {
    ...rest,
    ...(resource ? { resourceId: resource } : {}),
    ...(state === "failed" || state === "paused" ? { state: [state] } : {}),
    ...(from ? { from: new Date(from).toISOString() } : {}),
    ...(to ? { to: new Date(to).toISOString() } : {}),
  };
}

export function BulkReplay({ filter }: { filter: Record<string, string> }) {
  const toast = useToast();
  const client = useQueryClient();
  const [count, setCount] = useState<number | null>(null);
  const [replayId, setReplayId] = useState("");
  const [counting, setCounting] = useState(false);
  const body = apiFilter(filter);
  const progress = useQuery({
    queryKey: [...webhooksKey, "replay", replayId],
    queryFn: () => fetchReplay(replayId),
    enabled: Boolean(replayId),
    refetchInterval: (q) => (q.state.data?.done ? false : 1000),
  });
  const p = progress.data;
  const ask = async () => {
    setCounting(true);
    try {
      setCount((await replayMatching(body)).count);
    } catch (err) {
      toast({ tone: "error", title: "Nothing replayed", description: (err as Error).message });
    } finally {
      setCounting(false);
    }
  };
  return (
    <div className="flex items-center gap-3">
      {p && (
        <span role="status" className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
          Replay: {p.delivered + p.failed + p.paused} of {p.total} done{p.failed ? ` (${p.failed} failed)` : ""}
          {p.done ? " ✓" : "…"}
        </span>
      )}
      <Button size="sm" variant="secondary" loading={counting} onClick={ask}>
        Replay failed…
      </Button>
      <ConfirmDialog
        open={count !== null}
        title="Replay failed callbacks"
        description={
          count
            ? `${plural(count, "failed or paused callback")} match the filters. Each is sent again with its own webhook-id, signed with your current secret.`
            : "No failed or paused callback matches the filters."
        }
        confirmLabel={count ? `Replay ${plural(count, "callback")}` : "Replay"}
        confirmDisabled={!count}
        onConfirm={() => replayMatching(body, count ?? 0)}
        onDone={async (r) => {
          if (r.replayId) setReplayId(r.replayId);
          await client.invalidateQueries({ queryKey: webhooksKey });
        }}
        onClose={() => setCount(null)}
      />
    </div>
  );
}
