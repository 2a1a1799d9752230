// An owner's security actions on another user: reset their password (the new one shown once; their
// sessions end), sign them out everywhere, or clear their two-factor sign-in (a lost phone).
"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type AddedUser, resetPassword, resetTwoFactor, signOutUser, type UserView, usersKey } from "./api";
import { PasswordDialog } from "./password-dialog";

export function UserSecurityActions({ user }: { user: UserView }) {
  const [asking, setAsking] = useState<"reset" | "sign-out" | "two-factor" | null>(null);
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
      {user.twoFactor && (
        <Button variant="ghost" size="sm" onClick={() => setAsking("two-factor")} aria-label={`Reset the two-factor sign-in of ${user.email}`}>
          Reset 2FA
        </Button>
      )}
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
      <ConfirmDialog
        open={asking === "two-factor"}
        title={`Reset the two-factor sign-in of ${who}?`}
        description="For a lost phone: their authenticator and recovery codes stop working, they sign in with their password alone, and set it up again (at once, if the account requires it). The audit log records it."
        confirmLabel="Reset two-factor sign-in"
        onConfirm={() => resetTwoFactor(user.id)}
        refresh={[usersKey]}
        announce={() => ({ tone: "success", title: "Two-factor sign-in reset", description: `${user.email} signs in with their password and sets it up again.` })}
        onClose={() => setAsking(null)}
      />
      <PasswordDialog user={reset} onClose={() => setReset(null)} reset />
    </>
  );
}
