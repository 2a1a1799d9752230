// The set-up of the required two-factor sign-in; once done, on to the dashboard, or out.
"use client";
import { signOut } from "next-auth/react";
import { TwoFactorSetup } from "@/app/(dashboard)/settings/_components/two-factor-setup";
import { Button } from "@/components/ui/button";

export function RequiredSetup() {
  return (
    <div className="space-y-6">
      <TwoFactorSetup startLabel="Set up now" onDone={() => window.location.assign("/")} />
      <Button variant="ghost" size="sm" onClick={() => signOut({ callbackUrl: "/login" })}>
        Sign out instead
      </Button>
    </div>
  );
}
