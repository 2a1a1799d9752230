// Sends a visitor without a session to the login page, remembering where they were going.
"use client";
import { useEffect } from "react";

/** `suspended`: the session's account is suspended, and the login page says so. */
export function SignInRedirect({ suspended = false }: { suspended?: boolean }) {
  useEffect(() => {
    const from = window.location.pathname + window.location.search;
    window.location.replace(`/login?${suspended ? "error=AccountSuspended&" : ""}callbackUrl=${encodeURIComponent(from)}`);
  }, [suspended]);
  return <p className="p-8 text-sm text-slate-500">Redirecting to sign in…</p>;
}
