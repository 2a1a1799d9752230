// Shown once, right after adding a user: their email and generated password to pass on.
"use client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import { ReadOnlyValue } from "@/components/ui/read-only-value";
import { roleLabel } from "@/lib/ui/format";
import type { AddedUser } from "./api";

export function PasswordDialog({ user, onClose }: { user: AddedUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title="User added"
      description={
        user ? (
          <>
            {user.name || user.email} can sign in now as {roleLabel(user.role).toLowerCase()}.
          </>
        ) : undefined
      }
      footer={<Button onClick={onClose}>I have passed the password on</Button>}
    >
      {user && (
        <div className="space-y-4 pb-2">
          <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
            <AlertIcon size={18} className="mt-0.5 shrink-0" />
            <p>
              <strong className="font-semibold">This password will not be shown again.</strong> Send it to them over a channel you trust.
            </p>
          </div>
          <ReadOnlyValue id="added-user-email" label="Email" value={user.email} />
          <ReadOnlyValue id="added-user-password" label="Initial password" value={user.password} />
        </div>
      )}
    </Dialog>
  );
}
