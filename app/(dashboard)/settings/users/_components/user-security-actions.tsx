// An owner's security actions on another user: reset their password (the new one shown once; their
// sessions end) or sign them out everywhere.
"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type AddedUser, resetPassword, signOutUser, type UserView } from "./api";
import { PasswordDialog } from "./password-dialog";

export function UserSecurityActions({ user }: { user: UserView }) {
  const [asking, setAsking] = useState<"reset" | "sign-out" | null>(null);
  const [reset, setReset] = useState<AddedUser | null>(null);
  const who = user.name || user.email;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setAsking("reset")} aria-label={`Reset the password of ${user.email}`}>
        Reset password
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking("sign-out")} aria-label={`Sign ${user.email} out everywhere`}>
        Sign out
      </Button>
      <ConfirmDialog
        open={asking === "reset"}
        title={`Reset the password of ${who}?`}
        description="They get a new generated password, shown to you once, and every session of theirs ends."
        confirmLabel="Reset password"
        onConfirm={() => resetPassword(user.id)}
        onDone={setReset}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === "sign-out"}
        title={`Sign ${who} out everywhere?`}
        description="Every session of theirs ends at once, on every device; they sign in again with their password."
        confirmLabel="Sign out everywhere"
        onConfirm={() => signOutUser(user.id)}
        announce={() => ({ tone: "success", title: "Signed out", description: `${user.email} is signed out everywhere.` })}
        onClose={() => setAsking(null)}
      />
      <PasswordDialog user={reset} onClose={() => setReset(null)} reset />
    </>
  );
}
