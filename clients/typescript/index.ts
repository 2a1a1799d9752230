// Switchboard's typed API client: openapi-fetch over the types openapi-typescript generated from
// the OpenAPI document (generated/schema.ts). Give it the API's address (http://host:port/api, or
// the host alone) and an access token.
import createClient from "openapi-fetch";
import type { paths } from "./generated/schema.ts";

export type { components, operations, paths } from "./generated/schema.ts";

export function switchboardClient(baseUrl: string, token?: string, init: { headers?: Record<string, string> } = {}) {
  return createClient<paths>({ baseUrl, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers } });
}
