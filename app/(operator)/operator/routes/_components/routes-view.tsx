// The Routes page: the routing rules in the order they are tried (the first that matches
// decides), with add, edit, delete and move up or down; what no rule matches goes to default.
"use client";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronDownIcon, LayersIcon, PlusIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { reasonOf } from "@/lib/ui/api-client";
import { connectorsKey, fetchConnectors } from "../../connectors/_components/connectors-api";
import { deleteRoute, fetchRoutes, routesKey, updateRoute, type Route } from "./routes-api";
import { RouteDialog } from "./route-dialog";

const strategyText = { priority: "priority", weights: "weights", cost: "least cost" } as Record<string, string>;

export function RoutesView() {
  const [editing, setEditing] = useState<Route | "new" | null>(null);
  const [deleting, setDeleting] = useState<Route | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: routesKey, queryFn: fetchRoutes });
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: fetchConnectors });
  const stopped = new Set((connectors.data?.content ?? []).filter((c) => !c.enabled).map((c) => c.id));
  const hasDefault = (connectors.data?.content ?? []).some((c) => c.name === "default");
  const routes = query.data?.content ?? [];
  const move = useMutation({
    mutationFn: ({ route, by }: { route: Route; by: number }) => updateRoute(route.id, { position: route.position + by }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routesKey }),
    onError: (err) => toast({ title: reasonOf(err, "The route could not be moved."), tone: "error" }),
  });

  const columns: StaticColumn<Route>[] = [
    { header: "#", cell: (r) => r.position, className: "w-10 tabular-nums" },
    {
      header: "Matches",
      cell: (r) => (
        <div>
          {r.name && <div className="font-medium text-slate-900 dark:text-slate-100">{r.name}</div>}
          <code className="text-xs break-all">{r.match}</code>
        </div>
      ),
    },
    { header: "Strategy", cell: (r) => strategyText[r.strategy] ?? r.strategy },
    {
      header: "Connectors",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-1">
          {r.connectors.map((name, i) => (
            <Badge key={r.connectorIds[i]} tone={stopped.has(r.connectorIds[i]!) ? "warning" : "neutral"}>
              {name}
              {r.strategy === "weights" ? ` ${r.weights[i]}` : ""}
              {stopped.has(r.connectorIds[i]!) ? " (stopped)" : ""}
            </Badge>
          ))}
        </span>
      ),
    },
    { header: "State", cell: (r) => <Badge tone={r.enabled ? "success" : "neutral"}>{r.enabled ? "enabled" : "disabled"}</Badge> },
    {
      header: <span className="sr-only">Actions</span>,
      className: "text-right whitespace-nowrap",
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" aria-label={`Move route ${r.position} up`} disabled={r.position === 1 || move.isPending} onClick={() => move.mutate({ route: r, by: -1 })}>
            <ChevronDownIcon className="rotate-180" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move route ${r.position} down`} disabled={r.position === routes.length || move.isPending} onClick={() => move.mutate({ route: r, by: 1 })}>
            <ChevronDownIcon />
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(r)}>
            Edit
          </Button>
          <Button size="sm" variant="danger-ghost" onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const add = (
    <Button icon={<PlusIcon />} onClick={() => setEditing("new")}>
      New route
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Routes"
        description={
          <>
            Which connectors carry a message: the first enabled route that matches decides. Try one with the{" "}
            <Link href="/operator/route-test" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              route tester
            </Link>
            .
          </>
        }
        actions={add}
      />
      {query.isLoading ? (
        <Skeleton className="h-40" />
      ) : query.isError && !query.data ? (
        <LoadError what="routes" message={reasonOf(query.error, "The routes could not be loaded.")} onRetry={() => query.refetch()} />
      ) : (
        <Card>
          <StaticTable
            label="Routes"
            columns={columns}
            rows={routes}
            getRowId={(r) => r.id}
            empty={<EmptyState icon={<LayersIcon size={22} />} title="No routes" description="Every message goes to the connector named default. Add a route to send some elsewhere." action={add} />}
          />
          <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {hasDefault ? (
              <>
                Anything no route matches goes to <strong>default</strong>.
              </>
            ) : (
              <>There is no connector named default: a message no route matches is not sent until one exists.</>
            )}
          </p>
        </Card>
      )}
      {editing && <RouteDialog route={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={`Delete route ${deleting.position}?`}
          description={`Messages it matched (${deleting.match}) go to the next route that matches them, or to default.`}
          confirmLabel="Delete route"
          cancelLabel="Keep it"
          onConfirm={() => deleteRoute(deleting.id)}
          refresh={[routesKey, connectorsKey]}
          announce={() => ({ title: `Route ${deleting.position} deleted`, tone: "success" })}
        />
      )}
    </>
  );
}
