// Client-side context for the dashboard: the next-auth session, react-query and toasts.
"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { ApiError } from "@/lib/ui/api-client";
import { ToastProvider } from "./ui/toast";

// A 4xx will answer the same next time; only network trouble and 5xx are worth retrying.
const retry = (failures: number, err: unknown) => failures < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry } } }));
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
