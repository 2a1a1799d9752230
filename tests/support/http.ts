// Calls route handlers the way Next does: a real Request in, a real Response out.
export type RouteHandler = (req: Request, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface Call {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export async function call(
  handler: RouteHandler,
  init: { method?: string; path?: string; headers?: Record<string, string>; body?: unknown; raw?: string; params?: Record<string, string> } = {},
): Promise<Call> {
  const headers = new Headers(init.headers);
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(`http://localhost:3999/api${init.path ?? "/"}`, { method: init.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });
export const form = { "content-type": "application/x-www-form-urlencoded" };
