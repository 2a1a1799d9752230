// Reading the generated OpenAPI document for the reference page: operations grouped by tag,
// $ref resolution, type labels and example values built from the JSON schemas.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Content {
  [mediaType: string]: { schema?: JsonSchema };
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Content };
  responses: Record<string, { description: string; content?: Content }>;
}

export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { type: string; scheme?: string; description?: string }> };
}

const methodOrder = ["get", "post", "put", "patch", "delete"];

export function operationsByTag(doc: OpenApiDoc): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methodOrder) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { ...op, method: method.toUpperCase(), path }]);
    }
  }
  return [...groups.entries()];
}

export function resolve(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
  return doc.components?.schemas?.[name] ?? {};
}

export function refName(schema: JsonSchema | undefined): string | undefined {
  return schema?.$ref?.split("/").pop();
}

/** A short human label for a schema's type: string, integer, array of object, 3600 | 86400… */
export function typeLabel(doc: OpenApiDoc, raw: JsonSchema): string {
  if (raw.$ref) return refName(raw) ?? "object";
  const s = raw;
  if (s.const !== undefined) return JSON.stringify(s.const);
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((u) => typeLabel(doc, u)).join(" | ");
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const type = Array.isArray(s.type) ? s.type.join(" | ") : s.type;
  if (type === "array") return `array of ${s.items ? typeLabel(doc, s.items) : "any"}`;
  if (type === "object" && !s.properties && s.additionalProperties && typeof s.additionalProperties === "object") return `map of ${typeLabel(doc, s.additionalProperties)}`;
  return type ?? (s.properties ? "object" : "any");
}

/** Limits worth showing next to a field: format, ranges, lengths, pattern, default. */
export function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  // zod's int() adds the safe-integer range to every integer; that is not a real limit.
  const min = s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : undefined;
  const max = s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined;
  if (s.format) out.push(`format: ${s.format}`);
  if (min !== undefined && max !== undefined) out.push(`${min}–${max}`);
  else if (min !== undefined) out.push(`≥ ${min}`);
  else if (max !== undefined) out.push(`≤ ${max}`);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    out.push(s.minLength !== undefined && s.maxLength !== undefined ? `${s.minLength}–${s.maxLength} chars` : s.maxLength !== undefined ? `≤ ${s.maxLength} chars` : `≥ ${s.minLength} chars`);
  if (s.minItems !== undefined) out.push(`≥ ${s.minItems} items`);
  if (s.pattern) out.push(`pattern: ${s.pattern}`);
  if (s.default !== undefined) out.push(`default: ${JSON.stringify(s.default)}`);
  return out;
}

/** The object schema to list fields of, looking through arrays (items) and refs. */
export function nestedObject(doc: OpenApiDoc, raw: JsonSchema): JsonSchema | null {
  const s = resolve(doc, raw);
  if (s.properties) return s;
  if (s.items) return nestedObject(doc, s.items);
  if (s.additionalProperties && typeof s.additionalProperties === "object") return nestedObject(doc, s.additionalProperties);
  return null;
}

/** A plausible example value for a schema, for request bodies in curl commands. */
export function example(doc: OpenApiDoc, raw: JsonSchema, depth = 0): unknown {
  const s = resolve(doc, raw);
  if (depth > 6) return null;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return example(doc, union[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = example(doc, v, depth + 1);
    return out;
  }
  if (type === "array") return s.items ? [example(doc, s.items, depth + 1)] : [];
  if (type === "integer" || type === "number") return s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : 0;
  if (type === "boolean") return false;
  if (type === "string") return s.format === "date-time" ? "2025-01-01T09:00:00Z" : s.format === "uri" ? "https://example.com" : "string";
  return null;
}

/** "401000001 Client authentication failed…; 400000000 Validation Error!" → [{code, message}]. */
export function errorCodes(description: string): { code: string; message: string }[] {
  return description
    .split(/;\s*(?=\d{9}\s)/)
    .map((part) => /^(\d{9})\s+(.*)$/s.exec(part.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ code: m[1], message: m[2] }));
}

/** How an operation authenticates, in words. */
export function authText(op: Operation): { label: string; scope?: string } {
  const sec = op.security?.[0];
  if (!sec || Object.keys(sec).length === 0) return { label: "None" };
  if ("basic" in sec) return { label: "Basic: application id and secret" };
  if ("bearer" in sec) return { label: "Bearer access token", scope: sec.bearer[0] };
  if ("session" in sec) return { label: "Dashboard session" };
  return { label: Object.keys(sec).join(", ") };
}

export function curlFor(doc: OpenApiDoc, op: Operation, baseUrl: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `{${name}}`);
  const lines = [`curl -s -X ${op.method} "${baseUrl}${path}"`];
  const auth = authText(op);
  if (auth.label.startsWith("Basic")) lines.push(`-u "$APPLICATION_ID:$APPLICATION_SECRET"`);
  else if (auth.label.startsWith("Bearer")) lines.push(`-H "Authorization: Bearer $ACCESS_TOKEN"`);
  const content = op.requestBody?.content;
  if (content) {
    const [mediaType, { schema }] = Object.entries(content)[0];
    if (mediaType === "application/x-www-form-urlencoded") {
      if (op.path === "/oauth/token") lines.push(`-d grant_type=client_credentials`);
      else for (const name of Object.keys(resolve(doc, schema).properties ?? {})) lines.push(`-d ${name}=...`);
    } else {
      lines.push(`-H "Content-Type: application/json"`);
      lines.push(`-d '${JSON.stringify(example(doc, schema ?? {}), null, 2).replace(/'/g, "'\\''")}'`);
    }
  }
  return lines.join(" \\\n  ");
}
