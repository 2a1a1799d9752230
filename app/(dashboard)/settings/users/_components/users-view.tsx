// The account's users: role changed in place, removal confirmed, adding in a dialog. The
// signed-in owner's own row cannot be changed or removed (the server refuses it too).
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { AlertIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Options, Select } from "@/components/ui/select";
import { Skeletons } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { roles, roleSummaries } from "@/lib/core/users/roles";
import { formatDate, formatRelative, roleLabel } from "@/lib/ui/format";
import { AddUserDialog } from "./add-user-dialog";
import { changeRole, fetchUsers, removeUser, usersKey, type AddedUser, type UserView } from "./api";
import { PasswordDialog } from "./password-dialog";
import { UserSecurityActions } from "./user-security-actions";
import { TwoFactorPolicy } from "./two-factor-policy";

export function UsersView({ meId, accountName }: { meId: string; accountName: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const users = useQuery({ queryKey: usersKey, queryFn: fetchUsers });
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddedUser | null>(null);
  const [removing, setRemoving] = useState<UserView | null>(null);
  const role = useMutation({
    mutationFn: ({ id, role }: { id: string; role: UserView["role"] }) => changeRole(id, role),
    onSuccess: async (u) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      toast({ tone: "success", title: "Role changed", description: `${u.name || u.email} is now ${roleLabel(u.role).toLowerCase()}.` });
    },
    onError: (err) => toast({ tone: "error", title: "The role was not changed", description: err.message }),
  });
  const rows = users.data?.content ?? [];
  const owners = rows.filter((u) => u.role === "owner").length;

  return (
    <>
      <BackLink href="/settings">Settings</BackLink>
      <PageHeader
        title="Users"
        description={`Who can sign in to ${accountName}, and what each may do.`}
        actions={
          <Button icon={<PlusIcon />} onClick={() => setAdding(true)}>
            Add user
          </Button>
        }
      />
      {users.data && <TwoFactorPolicy users={rows} />}
      <Card>
        <CardHeader
          title={`${rows.length || ""} ${rows.length === 1 ? "user" : "users"}`.trim()}
          description={`${owners} ${owners === 1 ? "owner" : "owners"}; the account always keeps at least one.`}
        />
        {users.isError ? (
          <p role="alert" className="flex items-center gap-2 px-5 py-6 text-sm text-red-700 dark:text-red-300">
            <AlertIcon /> {users.error.message}
          </p>
        ) : users.isPending ? (
          <Skeletons className="space-y-3 p-5" sizes={Array(3).fill("h-10 w-full")} />
        ) : (
          <StaticTable
            label="Users"
            rows={rows}
            getRowId={(u) => u.id}
            columns={[
              {
                header: "User",
                cell: (u) => (
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
                      <span className="truncate">{u.name || u.email}</span>
                      {u.id === meId && <Badge tone="accent">You</Badge>}
                      {u.twoFactor && (
                        <Badge tone="success" className="whitespace-nowrap">
                          2FA
                        </Badge>
                      )}
                    </p>
                    {u.name && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{u.email}</p>}
                  </div>
                ),
              },
              {
                header: "Role",
                cell: (u) =>
                  u.id === meId ? (
                    <span className="text-sm text-slate-700 dark:text-slate-300" title="Another owner can change your role">
                      {roleLabel(u.role)}
                    </span>
                  ) : (
                    <Select
                      aria-label={`Role of ${u.email}`}
                      className="h-8! w-36! py-0! text-sm"
                      value={u.role}
                      disabled={role.isPending}
                      onChange={(e) => role.mutate({ id: u.id, role: e.target.value as UserView["role"] })}
                    >
                      <Options values={roles} label={roleLabel} />
                    </Select>
                  ),
              },
              {
                header: "May",
                className: "hidden lg:table-cell",
                cell: (u) => <span className="text-xs text-slate-500 dark:text-slate-400">{roleSummaries[u.role]}</span>,
              },
              {
                header: "Last sign-in",
                className: "hidden sm:table-cell whitespace-nowrap",
                cell: (u) => (u.lastLoginAt ? <span title={formatDate(u.lastLoginAt)}>{formatRelative(u.lastLoginAt)}</span> : <span className="text-slate-400 dark:text-slate-500">Never</span>),
              },
              {
                header: <span className="sr-only">Actions</span>,
                className: "text-right whitespace-nowrap",
                cell: (u) =>
                  u.id === meId ? null : (
                    <span className="inline-flex items-center gap-1">
                      <UserSecurityActions user={u} />
                      <Button variant="danger-ghost" size="sm" aria-label={`Remove ${u.email}`} onClick={() => setRemoving(u)}>
                        <TrashIcon />
                      </Button>
                    </span>
                  ),
              },
            ]}
          />
        )}
      </Card>

      <AddUserDialog open={adding} onClose={() => setAdding(false)} onAdded={setAdded} />
      <PasswordDialog user={added} onClose={() => setAdded(null)} />
      <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RemoveUserDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={onClose}
      title={user ? `Remove ${user.name || user.email}?` : "Remove user"}
      description="They are signed out at once and can no longer sign in. Messages, campaigns and contacts stay with the account."
      confirmLabel="Remove"
      onConfirm={async () => {
        if (user) await removeUser(user.id);
      }}
      refresh={[usersKey]}
      announce={() => ({ tone: "success", title: "User removed", description: `${user?.email} can no longer sign in.` })}
    />
  );
}
