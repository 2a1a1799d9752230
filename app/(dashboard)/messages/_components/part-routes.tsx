// The route each part took: every connector that refused it, and why, then the one that carried
// it with the part's status ("A: throttling error (ESME_RTHROTTLED) → B: Delivered"). Shown
// once a part has a connector or a hop; parts sent on a test carrier have neither.
import { Card, CardHeader } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/badge";
import type { MessageDetail } from "./api";

type Part = MessageDetail["parts"][number];

/** "ESME_RTHROTTLED (0x00000058): throttling error (too many submits)" → "throttling error (too many submits) (ESME_RTHROTTLED)". */
export function hopReason(description: string): string {
  const m = /^(ESME_\w+|generic_nack: ESME_\w+) \(0x[0-9a-f]+\):\s*(.+)$/i.exec(description.trim());
  if (!m) return description;
  return `${m[2]} (${m[1]!.replace(/^generic_nack: /, "")})`;
}

export function hasRoute(parts: Part[]): boolean {
  return parts.some((p) => p.connector || p.hops.length > 0);
}

export function PartRoutes({ parts, total }: { parts: Part[]; total: number }) {
  if (!hasRoute(parts)) return null;
  const moved = parts.some((p) => p.hops.length > 0);
  return (
    <Card>
      <CardHeader title="Route" description={moved ? "The connectors each part was offered to, in order, and why it moved on." : "The connector that carried each part."} />
      <ol aria-label="Route of each part" className="divide-y divide-slate-100 dark:divide-slate-800">
        {parts.map((p) => (
          <li key={p.smsId} className="flex flex-wrap items-center gap-x-2 gap-y-1.5 px-5 py-3 text-sm" data-testid={`route-part-${p.part}`}>
            {total > 1 && <span className="mr-1 text-xs font-medium text-slate-500 tabular-nums dark:text-slate-400">Part {p.part}</span>}
            {p.hops.map((h, i) => (
              <span key={i} className="contents">
                <span className="inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/30">
                  <strong className="font-semibold">{h.connector}</strong>
                  <span>{hopReason(h.description)}</span>
                </span>
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
                <span className="sr-only">then</span>
              </span>
            ))}
            {p.connector ? (
              <span className="inline-flex items-center gap-2">
                <strong className="font-semibold text-slate-900 dark:text-slate-100">{p.connector}</strong>
                <StatusBadge status={p.status} />
              </span>
            ) : (
              <span className="inline-flex items-center gap-2">
                <span className="text-slate-500 dark:text-slate-400">no connector took it yet</span>
                <StatusBadge status={p.status} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
