// Every route of the API as the tests of tests/security see it: the route files under app/api
// (found on disk, so a new route is covered without a list to update), the verbs each one really
// serves, and the route spec (lib/schemas) behind each, for its query and body shapes.
import fs from "node:fs";
import path from "node:path";
import type { RouteHandler } from "../support/http.ts";
import type { RouteSpec } from "../../lib/http/route-spec.ts";

export const verbs = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Verb = (typeof verbs)[number];

const root = path.resolve(import.meta.dirname, "../..");

export interface ApiRoute {
  /** app/api/sms/[trackingId]/route.ts */
  file: string;
  /** /sms/{trackingId}, as route specs write paths. */
  path: string;
  /** Names of the [param] segments ([...path] gives "path"). */
  params: string[];
  handlers: Partial<Record<Verb, RouteHandler>>;
}

export function apiRouteFiles(dir = path.join(root, "app/api")): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? apiRouteFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.relative(root, path.join(dir, e.name))] : []))
    .sort();
}

export async function apiRoutes(): Promise<ApiRoute[]> {
  const out: ApiRoute[] = [];
  for (const file of apiRouteFiles()) {
    const mod = (await import(path.join(root, file))) as Record<string, RouteHandler>;
    const dir = file.replace(/^app\/api/, "").replace(/\/route\.ts$/, "") || "/";
    out.push({
      file,
      path: dir.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}"),
      params: [...file.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!),
      handlers: Object.fromEntries(verbs.filter((v) => typeof mod[v] === "function").map((v) => [v, mod[v]])),
    });
  }
  return out;
}

/** Every route spec exported by lib/schemas/*.ts, by "METHOD /path". */
export async function routeSpecsByKey(): Promise<Map<string, RouteSpec>> {
  const dir = path.join(root, "lib/schemas");
  const out = new Map<string, RouteSpec>();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
    const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
    for (const v of Object.values(mod))
      if (typeof v === "object" && v !== null && "method" in v && "path" in v && "auth" in v) {
        const spec = v as RouteSpec;
        out.set(`${spec.method} ${spec.path.replace(/\/+$/, "")}`, spec);
      }
  }
  return out;
}

/** The JSON error envelope of DESIGN.md, or the reason an answer is not one. */
export function envelopeProblem(r: { status: number; headers: Headers; body: unknown; text: string }): string | null {
  const body = r.body as { code?: unknown; developerMessage?: unknown } | undefined;
  if (!/json/.test(r.headers.get("content-type") ?? "")) return `content-type ${r.headers.get("content-type")}`;
  if (typeof body?.code !== "string" || !/^\d{9}$/.test(body.code)) return `code ${JSON.stringify(body?.code)}`;
  if (body.code.slice(0, 3) !== String(r.status)) return `code ${body.code} with status ${r.status}`;
  if (typeof body.developerMessage !== "string") return "no developerMessage";
  if (/\n\s+at\s|node_modules|\.ts:\d+/.test(r.text)) return "a stack trace";
  return null;
}
