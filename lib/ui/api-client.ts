// The dashboard's fetch: same-origin JSON with the session cookie; an error answer becomes an
// ApiError carrying the envelope's code, developerMessage and per-field messages.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly properties: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { Accept: "application/json", ...(json !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, "network", "Could not reach the server. Check your connection and try again.");
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON; handled below
  }
  if (!res.ok) {
    const e = (body ?? {}) as { code?: string; developerMessage?: string; properties?: Record<string, string> };
    if (res.status === 401 && typeof window !== "undefined") {
      window.location.assign(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiError(res.status, e.code ?? String(res.status), e.developerMessage ?? `The server answered ${res.status}.`, e.properties);
  }
  return body as T;
}

/** The server's reason for a failed call, or `fallback` when no answer could be read. */
export function reasonOf(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

/** What to tell the user about a failed call: the first per-field message, else the reason, else `fallback`. */
export function problemOf(err: unknown, fallback: string): string {
  return err instanceof ApiError ? (Object.values(err.properties)[0] ?? err.message) : fallback;
}
