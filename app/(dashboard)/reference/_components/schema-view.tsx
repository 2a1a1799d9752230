// A JSON schema as a nested list of fields: name, type, required, description and limits.
import { Badge } from "@/components/ui/badge";
import { constraints, nestedObject, resolve, typeLabel, type JsonSchema, type OpenApiDoc } from "./openapi";
import { RichText } from "./rich-text";

export function SchemaView({ doc, schema, depth = 0 }: { doc: OpenApiDoc; schema: JsonSchema; depth?: number }) {
  const object = nestedObject(doc, schema);
  if (!object?.properties || depth > 6) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <code className="font-mono text-xs">{typeLabel(doc, schema)}</code>
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth === 0 ? "divide-y divide-slate-100 dark:divide-slate-800" : "mt-2 space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700"}>
      {Object.entries(object.properties).map(([name, raw]) => {
        const field = resolve(doc, raw);
        const limits = constraints(field);
        const child = nestedObject(doc, raw);
        return (
          <li key={name} className={depth === 0 ? "py-2.5" : ""}>
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">{name}</code>
              <span className="font-mono text-xs text-indigo-700 dark:text-indigo-300">{typeLabel(doc, raw)}</span>
              {required.has(name) && (
                <Badge tone="warning" className="px-1.5 py-0 text-[10px]">
                  required
                </Badge>
              )}
              {limits.map((l) => (
                <span key={l} className="font-mono text-[11px] text-slate-500 dark:text-slate-400">
                  {l}
                </span>
              ))}
            </div>
            {field.description && <RichText text={field.description} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" />}
            {child && <SchemaView doc={doc} schema={child} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
