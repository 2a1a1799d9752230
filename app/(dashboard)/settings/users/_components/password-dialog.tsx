// Shown once, right after adding a user or resetting their password: their email and generated
// password to pass on.
"use client";
import { ReadOnlyValue } from "@/components/ui/read-only-value";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { roleLabel } from "@/lib/ui/format";
import type { AddedUser } from "./api";

export function PasswordDialog({ user, onClose, reset = false }: { user: AddedUser | null; onClose: () => void; reset?: boolean }) {
  return (
    <ShownOnceDialog
      open={user !== null}
      onClose={onClose}
      title={reset ? "Password reset" : "User added"}
      description={
        user ? (
          <>
            {user.name || user.email} can sign in now as {roleLabel(user.role).toLowerCase()}.
          </>
        ) : undefined
      }
      warning="This password will not be shown again."
      advice="Send it to them over a channel you trust."
      keptLabel="I have passed the password on"
    >
      {user && (
        <>
          <ReadOnlyValue id="added-user-email" label="Email" value={user.email} />
          <ReadOnlyValue id="added-user-password" label={reset ? "New password" : "Initial password"} value={user.password} />
        </>
      )}
    </ShownOnceDialog>
  );
}
