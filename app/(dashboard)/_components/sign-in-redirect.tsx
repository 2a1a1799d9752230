// Sends a visitor without a session to the login page, remembering where they were going.
"use client";
import { useEffect } from "react";

export function SignInRedirect() {
  useEffect(() => {
    const from = window.location.pathname + window.location.search;
    window.location.replace(`/login?callbackUrl=${encodeURIComponent(from)}`);
  }, []);
  return <p className="p-8 text-sm text-slate-500">Redirecting to sign in…</p>;
}
