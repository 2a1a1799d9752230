// Builds the OpenAPI 3.1 document from the route specs: the same zod schemas that validate
// requests describe them here. A new route appears by adding its module to `modules`.
import { z } from "zod";
import { errorCatalog } from "../core/errors.ts";
import { scopePermissions } from "../core/tokens/scopes.ts";
import type { RouteSpec } from "../http/route-spec.ts";
import * as oauth from "../schemas/oauth.ts";
import * as accounts from "../schemas/accounts.ts";
import * as applications from "../schemas/applications.ts";
import * as sms from "../schemas/sms.ts";
import * as campaigns from "../schemas/campaigns.ts";
import * as campaignsQuietHours from "../schemas/campaigns-quiet-hours.ts";
import * as contacts from "../schemas/contacts.ts";
import * as contactBlacklist from "../schemas/contact-blacklist.ts";
import * as contactGroups from "../schemas/contact-groups.ts";
import * as reports from "../schemas/reports.ts";
import * as otp from "../schemas/otp.ts";
import * as email from "../schemas/email.ts";
import * as numbers from "../schemas/numbers.ts";
import * as pools from "../schemas/pools.ts";
import * as twoStep from "../schemas/two-step.ts";
import * as billing from "../schemas/billing.ts";
import * as webhooks from "../schemas/webhooks.ts";
import * as audit from "../schemas/audit.ts";

const modules: Record<string, unknown>[] = [
  oauth,
  accounts,
  applications,
  sms,
  campaigns,
  campaignsQuietHours,
  contacts,
  contactBlacklist,
  contactGroups,
  reports,
  otp,
  email,
  numbers,
  pools,
  twoStep,
  billing,
  webhooks,
  audit,
];

export function routeSpecs(includeInternal = false): RouteSpec[] {
  return modules
    .flatMap((m) => Object.values(m))
    .filter((v): v is RouteSpec => typeof v === "object" && v !== null && "method" in v && "path" in v && "auth" in v)
    .filter((r) => includeInternal || !r.internal);
}

type Json = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12", ...(io === "input" ? { override: exactInput } : {}) }) as Json;
  delete out.$schema;
  return out;
}

/** Keywords of a request field's last check that the document must carry. */
const bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "format", "enum", "minItems", "maxItems"];

/**
 * A request schema as the server applies it. Zod documents a pipe's input by its first stage, so
 * the bounds of a later stage (`looseInt.pipe(z.number().min(1).max(100))`) would be lost and the
 * integer's ±2^53 shown instead; and a field is required exactly when the server refuses the
 * request without it, which a preprocessing stage hides from zod's own reckoning (and a field the
 * handler itself refuses when missing says so with `required: true` in its meta).
 */
function exactInput(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const schema = ctx.zodSchema as z.ZodType & { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; out?: z.ZodType } } };
  const def = schema._zod.def;
  // A pipe is documented by one of its stages: its own examples would be lost.
  const examples = (z.globalRegistry.get(schema) as Json | undefined)?.examples;
  if (examples && !ctx.jsonSchema.examples) ctx.jsonSchema.examples = examples;
  // A field's `required: true` meta is for its object's list (below), not a keyword of its own.
  if (ctx.jsonSchema.required === true) delete ctx.jsonSchema.required;
  if (def.type === "object" && def.shape) {
    const required = Object.entries(def.shape)
      .filter(([, field]) => refusesMissing(field) || (z.globalRegistry.get(field) as Json | undefined)?.required === true)
      .map(([key]) => key);
    if (required.length) ctx.jsonSchema.required = required;
    else delete ctx.jsonSchema.required;
  }
  if (def.type === "pipe" && def.out && !(def.in as { _zod: { traits: Set<string> } })._zod.traits.has("$ZodTransform")) {
    const last = schemaOf(def.out, "input");
    for (const key of bounds) if (key in last) ctx.jsonSchema[key] = last[key];
  }
}

function refusesMissing(field: z.ZodType): boolean {
  try {
    return !field.safeParse(undefined).success;
  } catch {
    return true;
  }
}

const errorEnvelope: Json = {
  type: "object",
  required: ["code", "developerMessage"],
  properties: {
    code: { type: "string", description: "HTTP status followed by six digits, e.g. 400005000." },
    developerMessage: { type: "string" },
    property: { description: "The offending field, or the invalid values." },
    properties: { type: "object", additionalProperties: { type: "string" }, description: "Field → message." },
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: { code: { type: "string" }, errorCode: { type: "string" }, developerMessage: { type: "string" }, property: {} },
      },
    },
  },
};

export function openApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  // In path order, the same however the schema modules were loaded (a module's exports are
  // listed alphabetically by Node and in source order by Vite), so the generated client is stable.
  const specs = routeSpecs().sort((a, b) => (a.path === b.path ? (a.method < b.method ? -1 : 1) : a.path < b.path ? -1 : 1));
  for (const r of specs) {
    const op: Json = { summary: r.summary, tags: [r.tag], operationId: operationId(r) };
    if (r.description) op.description = r.description;
    op.security = r.auth === "bearer" ? [{ bearer: r.scope ? [r.scope] : [] }] : r.auth === "none" ? [] : [{ session: [] }];
    if (r.auth === "none" && r.path === "/oauth/token") op.security = [{ basic: [] }];
    const parameters: Json[] = [];
    const pathSchemas = (r.params instanceof z.ZodObject ? (schemaOf(r.params, "input").properties ?? {}) : {}) as Record<string, Json>;
    for (const name of r.path.match(/\{(\w+)\}/g) ?? []) {
      const key = name.slice(1, -1);
      parameters.push({ name: key, in: "path", required: true, schema: { type: "string", ...pathSchemas[key] } });
    }
    if (r.query instanceof z.ZodObject) {
      const q = schemaOf(r.query, "input") as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: "query", required: q.required?.includes(name) ?? false, schema });
    }
    if (r.idempotent)
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "1–255 characters; a retry with the same key and body gets the first answer again (Idempotent-Replayed: true), kept 24 hours.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      });
    if (parameters.length) op.parameters = parameters;
    if (r.body)
      op.requestBody = {
        required: true,
        content: { [r.bodyType === "form" ? "application/x-www-form-urlencoded" : "application/json"]: { schema: schemaOf(r.body, "input") } },
      };
    const responses: Record<string, Json> = {
      "200": { description: "OK", content: { "application/json": { schema: r.response ? schemaOf(r.response, "output") : {} } } },
    };
    const errorNames = new Set([...(r.errors ?? []), "validation", "internal"] as (keyof typeof errorCatalog)[]);
    if (r.auth === "bearer") errorNames.add("unauthorized").add("rateLimited");
    if (r.scope) errorNames.add("forbiddenScope");
    for (const name of errorNames) {
      const e = errorCatalog[name];
      const key = String(e.status);
      const prev = responses[key]?.description;
      responses[key] = {
        description: prev ? `${prev}; ${e.code} ${e.message}` : `${e.code} ${e.message}`,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    op.responses = responses;
    const key = r.path.replace(/\/+$/, "");
    paths[key] = { ...(paths[key] ?? {}), [r.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Switchboard messaging API",
      version: "1.0.0",
      license: { name: "MIT", identifier: "MIT" },
      description: "Tokens, SMS, campaigns, tracking, numbers, pools, OTP failover and transactional email. " + "Every error answer is the envelope in components.schemas.Error.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorEnvelope },
      securitySchemes: {
        basic: { type: "http", scheme: "basic", description: "applicationId:applicationSecret, for the token endpoint only." },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `Access token from POST /oauth/token. Scopes: ${Object.keys(scopePermissions).join(", ")}.`,
        },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
    },
  };
}

function operationId(r: RouteSpec): string {
  const words = r.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return r.method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
