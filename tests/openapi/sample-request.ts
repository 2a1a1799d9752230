// The smallest request the OpenAPI document allows for an operation, built from the document
// alone: only required fields, each the first value its schema accepts (const, enum, example,
// default, or the least value within its bounds and format). Used by minimal-requests.db.test.ts.
type Json = Record<string, any>;

export interface SampleRequest {
  path: string;
  query: Record<string, string>;
  body?: unknown;
  contentType?: string;
}

/** The first value a JSON schema accepts, as the document describes it. */
export function sampleOf(schema: Json | undefined, doc: Json): unknown {
  if (!schema) return "x";
  if (schema.$ref) return sampleOf(resolve(schema.$ref, doc), doc);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ["anyOf", "oneOf"] as const) if (Array.isArray(schema[key])) return sampleOf(schema[key].find((s: Json) => s.type !== "null") ?? schema[key][0], doc);
  if (Array.isArray(schema.allOf)) return sampleOf(Object.assign({}, ...schema.allOf.map((s: Json) => (s.$ref ? resolve(s.$ref, doc) : s))), doc);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((k: string) => [k, sampleOf(schema.properties?.[k], doc)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleOf(schema.items, doc));
    case "integer":
    case "number":
      return numberWithin(schema, type === "integer");
    case "boolean":
      return true;
    case "string":
      return stringOf(schema);
    default:
      return "x";
  }
}

function numberWithin(s: Json, integer: boolean): number {
  let low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : 1);
  if (s.maximum !== undefined && low > s.maximum) low = s.maximum;
  return integer ? Math.ceil(low) : low;
}

function stringOf(s: Json): string {
  switch (s.format) {
    case "date-time":
      return new Date(Date.now() + 3_600_000).toISOString();
    case "date":
      return new Date().toISOString().slice(0, 10);
    case "email":
      return "someone@example.com";
    case "uri":
    case "url":
      return "https://example.com/hook";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
  }
  const length = Math.max(1, s.minLength ?? 1);
  return "x".repeat(length);
}

function resolve(ref: string, doc: Json): Json {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((node: Json, key) => node?.[key], doc);
}

/** The operation's minimal request: its path with sample parameters, its required query and body. */
export function sampleRequest(doc: Json, path: string, op: Json): SampleRequest {
  const query: Record<string, string> = {};
  let filled = path;
  for (const p of op.parameters ?? []) {
    if (!p.required) continue;
    const value = String(sampleOf(p.schema, doc));
    if (p.in === "path") filled = filled.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === "query") query[p.name] = value;
  }
  const content = op.requestBody?.content ?? {};
  const contentType = Object.keys(content)[0];
  return contentType ? { path: filled, query, body: sampleOf(content[contentType].schema, doc), contentType } : { path: filled, query };
}
