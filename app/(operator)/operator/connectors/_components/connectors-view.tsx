// The Connectors page: every SMPP connection with its live status (refreshed every 2 seconds,
// as the workers write it), and add, edit, stop, start and delete.
"use client";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { ActivityIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { countOf } from "@/lib/ui/format";
import { reasonOf } from "@/lib/ui/api-client";
import { connectorsKey, deleteConnector, fetchConnectors, setConnectorRunning, stateTone, type ConnectorWithStatus } from "./connectors-api";
import { ConnectorDialog } from "./connector-dialog";
import { ConnectorStatus } from "./connector-status";

const REFRESH_MS = 2000;

export function ConnectorsView() {
  const [editing, setEditing] = useState<ConnectorWithStatus | "new" | null>(null);
  const [deleting, setDeleting] = useState<ConnectorWithStatus | null>(null);
  const query = useQuery({ queryKey: connectorsKey, queryFn: fetchConnectors, refetchInterval: REFRESH_MS });
  const connectors = query.data?.content ?? [];
  const add = (
    <Button icon={<PlusIcon />} onClick={() => setEditing("new")}>
      New connector
    </Button>
  );
  return (
    <>
      <PageHeader title="Connectors" description="SMPP connections to your carriers' SMSCs. Routes choose between them; the connector named default takes what no route matches." actions={add} />
      {query.isLoading ? (
        <Skeleton className="h-48" />
      ) : query.isError && !query.data ? (
        <LoadError what="connectors" message={reasonOf(query.error, "The connectors could not be loaded.")} onRetry={() => query.refetch()} />
      ) : connectors.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ActivityIcon size={22} />}
            title="No connectors yet"
            description="Add the SMPP account your carrier gave you (or set SMSC_URL, which becomes the connector named default at the next start)."
            action={add}
          />
        </Card>
      ) : (
        <div className="space-y-6">
          {connectors.map((c) => (
            <ConnectorCard key={c.id} connector={c} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
          ))}
        </div>
      )}
      {editing && <ConnectorDialog connector={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteConnectorDialog connector={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function ConnectorCard({ connector: c, onEdit, onDelete }: { connector: ConnectorWithStatus; onEdit: () => void; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const running = useMutation({
    mutationFn: (start: boolean) => setConnectorRunning(c.id, start),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: connectorsKey });
      toast({ title: r.enabled ? `${r.name} started: workers bind it within seconds` : `${r.name} stopped: its routes fail over past it`, tone: "success" });
    },
    onError: (err) => toast({ title: reasonOf(err, "The connector could not be changed."), tone: "error" }),
  });
  const address = `${c.tls ? "ssmpp" : "smpp"}://${c.systemId ? `${c.systemId}@` : ""}${c.host}:${c.port}`;
  return (
    <Card data-testid="connector-card" aria-label={`Connector ${c.name}`}>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            {c.name}
            <Badge tone={stateTone(c.state)} dot>
              {c.state}
            </Badge>
          </span>
        }
        description={<span className="font-mono text-xs">{address}</span>}
        actions={
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" loading={running.isPending} onClick={() => running.mutate(!c.enabled)}>
              {c.enabled ? "Stop" : "Start"}
            </Button>
            <Button size="sm" variant="ghost" onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" variant="danger-ghost" onClick={onDelete}>
              Delete
            </Button>
          </div>
        }
      />
      <CardBody className="space-y-4 text-sm">
        <div className="flex flex-wrap gap-1.5">
          <Badge>
            {countOf(c.binds, "bind")} × window {c.window}
          </Badge>
          <Badge>{c.tps ? `${c.tps} submit_sm/s per bind` : "no throughput limit"}</Badge>
          <Badge>{c.bindMode}</Badge>
          {c.tls && <Badge tone="accent">TLS{c.caFile ? " + CA file" : ""}</Badge>}
          {c.gsm7DataCoding !== 0 && <Badge>GSM-7 as data_coding {c.gsm7DataCoding}</Badge>}
          {!c.passwordSet && <Badge tone="warning">no password</Badge>}
          <Link href="/operator/routes" className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {c.routes ? `used by ${countOf(c.routes, "route")}` : "in no route"}
          </Link>
          <span aria-hidden="true" className="text-slate-400">
            ·
          </span>
          <Link href={`/operator/costs?connector=${c.id}`} className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            costs
          </Link>
        </div>
        {c.enabled ? <ConnectorStatus workers={c.workers} /> : <p className="text-slate-500 dark:text-slate-400">Stopped: no worker binds it, and its routes go on to their next connector.</p>}
      </CardBody>
    </Card>
  );
}

function DeleteConnectorDialog({ connector, onClose }: { connector: ConnectorWithStatus; onClose: () => void }) {
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Delete connector “${connector.name}”?`}
      description={connector.routes ? undefined : "Workers unbind it within seconds, and its costs go with it."}
      confirmLabel="Delete connector"
      cancelLabel="Keep it"
      confirmDisabled={connector.routes > 0}
      onConfirm={() => deleteConnector(connector.id)}
      refresh={[connectorsKey]}
      announce={() => ({ title: `Connector “${connector.name}” deleted`, tone: "success" })}
    >
      {connector.routes > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {countOf(connector.routes, "route")} send{connector.routes === 1 ? "s" : ""} through it: take it out of them on the{" "}
          <Link href="/operator/routes" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Routes
          </Link>{" "}
          page first.
        </p>
      )}
    </ConfirmDialog>
  );
}
