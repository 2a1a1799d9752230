// Everything about one application, in a side panel.
"use client";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyableCode } from "@/components/ui/copy-button";
import { Drawer } from "@/components/ui/drawer";
import { scopePermissions, isScope } from "@/lib/core/tokens/scopes";
import { formatDateTime, formatRelative, tokenLifetimeLabel } from "@/lib/ui/format";
import type { ApplicationView } from "./api";
import { RateLimitForm } from "./rate-limit-form";

export function ApplicationDrawer({
  application: a,
  onClose,
  onRevoke,
  onUpdated,
}: {
  application: ApplicationView | null;
  onClose: () => void;
  /** Owners only: revoke and change the rate limit. */
  onRevoke?: (a: ApplicationView) => void;
  onUpdated?: (a: ApplicationView) => void;
}) {
  return (
    <Drawer
      open={a !== null}
      onClose={onClose}
      title={a?.name ?? "Application"}
      description={a && <StatusBadge status={a.revokedAt ? "Revoked" : "Active"} />}
      footer={
        a &&
        onRevoke &&
        !a.revokedAt && (
          <Button variant="danger" onClick={() => onRevoke(a)} aria-label={`Revoke ${a.name}`}>
            Revoke
          </Button>
        )
      }
    >
      {a && (
        <dl className="space-y-5 text-sm">
          <Item label="Application ID">
            <CopyableCode value={a.applicationId} label="Copy application id" className="break-all" />
          </Item>
          <Item label="Secret">
            <code className="font-mono text-xs">••••••••••••{a.secretHint}</code>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Only the last four characters are kept for reference.</p>
          </Item>
          <Item label={`Scopes (${a.scopes.length})`}>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {a.scopes.map((s) => (
                <li key={s}>
                  <Badge className="font-mono" tone="neutral">
                    <span title={isScope(s) ? scopePermissions[s] : undefined}>{s}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          </Item>
          <Item label="Token lifetime">{tokenLifetimeLabel(a.tokenTtl)}</Item>
          <Item label="Callback">
            {a.callback.url ? (
              <>
                <code className="font-mono text-xs break-all">{a.callback.url}</code>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{a.callback.strategy === "OnChange" ? "On every status change" : "Once, on the final status"}</p>
              </>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">None</span>
            )}
          </Item>
          <Item label="Transcode">{a.transcode ? "Yes — non-GSM characters are replaced" : "No"}</Item>
          <Item label="Rate limit">
            {onUpdated && !a.revokedAt ? (
              <RateLimitForm key={a.applicationId} application={a} onUpdated={onUpdated} />
            ) : (
              `${a.rateLimitPerSecond.toLocaleString("en")} requests per second (bursts of ${(a.rateLimitPerSecond * 2).toLocaleString("en")})`
            )}
          </Item>
          <Item label="Created">{formatDateTime(a.createdAt)}</Item>
          <Item label="Last used">{a.lastUsedAt ? `${formatRelative(a.lastUsedAt)} (${formatDateTime(a.lastUsedAt)})` : "Never"}</Item>
          {a.revokedAt && <Item label="Revoked">{formatDateTime(a.revokedAt)}</Item>}
        </dl>
      )}
    </Drawer>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
