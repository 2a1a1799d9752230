// The Applications page: a server-paged table with create, details (rate limit), revoke, and the
// account's webhook signing secret.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { applicationsKey, fetchApplications, type ApplicationView, type CreatedApplication } from "./api";
import { applicationColumns } from "./columns";
import { ApplicationDrawer } from "./application-drawer";
import { CreateApplicationDialog } from "./create-application-dialog";
import { RevokeApplicationDialog } from "./revoke-application-dialog";
import { SecretDialog } from "./secret-dialog";
import { WebhookSecretCard } from "./webhook-secret-card";

export function ApplicationsView({ canManage, apiBaseUrl }: { canManage: boolean; apiBaseUrl: string }) {
  const [showRevoked, setShowRevoked] = useState(false);
  const paging = usePagination(20, [showRevoked]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApplication | null>(null);
  const [revoking, setRevoking] = useState<ApplicationView | null>(null);
  const [viewing, setViewing] = useState<ApplicationView | null>(null);

  const query = useQuery({
    queryKey: [...applicationsKey, paging.page, paging.size, showRevoked],
    queryFn: () => fetchApplications(paging.page, paging.size, showRevoked),
    placeholderData: keepPreviousData,
  });
  const page = query.data;

  const columns = useMemo(() => applicationColumns({ canManage, onOpen: setViewing, onRevoke: setRevoking }), [canManage]);
  const newButton = canManage && (
    <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
      New application
    </Button>
  );

  const empty = showRevoked ? (
    <EmptyState icon={<KeyIcon size={22} />} title="No applications" description="This account has no applications, active or revoked." />
  ) : (
    <EmptyState
      icon={<KeyIcon size={22} />}
      title="No active applications"
      description={
        <>
          An application is a set of API credentials — an <strong>application id</strong> and a <strong>secret</strong> — that your software exchanges for access tokens. Each one is limited to the
          scopes you pick and can be revoked on its own.
          {!canManage && " Ask an account owner to create one."}
        </>
      }
      action={
        canManage && (
          <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
            Create an application
          </Button>
        )
      }
    />
  );

  return (
    <>
      <PageHeader title="Applications" description="API credentials for your services. Exchange an application's id and secret for an access token at POST /api/oauth/token." actions={newButton} />

      <div className="mb-3 flex items-center justify-between gap-4">
        <Checkbox label="Show revoked" checked={showRevoked} onChange={(e) => setShowRevoked(e.target.checked)} />
        {page && (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {page.totalElements} {showRevoked ? "total" : "active"}
          </p>
        )}
      </div>

      <QueryTable label="Applications" query={query} columns={columns} paging={paging} getRowId={(a) => a.applicationId} empty={empty} rowClassName={(a) => (a.revokedAt ? "opacity-60" : undefined)} />

      {canManage && (
        <>
          <CreateApplicationDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
          <SecretDialog application={created} apiBaseUrl={apiBaseUrl} onClose={() => setCreated(null)} />
          <RevokeApplicationDialog application={revoking} onClose={() => setRevoking(null)} onRevoked={() => setViewing(null)} />
        </>
      )}
      {canManage && <WebhookSecretCard />}
      <ApplicationDrawer application={viewing} onClose={() => setViewing(null)} onRevoke={canManage ? setRevoking : undefined} onUpdated={canManage ? setViewing : undefined} />
    </>
  );
}
