// One endpoint: method and path, what it does, how to authenticate, its parameters, request and
// response schemas, error codes and a curl command.
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { MethodBadge } from "./method-badge";
import { authText, curlFor, errorCodes, resolve, typeLabel, type OpenApiDoc, type Operation } from "./openapi";
import { RichText } from "./rich-text";
import { SchemaView } from "./schema-view";

export function OperationCard({ doc, op, baseUrl }: { doc: OpenApiDoc; op: Operation; baseUrl: string }) {
  const auth = authText(op);
  const headingId = `${op.operationId}-title`;
  const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  const ok = op.responses["200"];
  const okSchema = ok?.content?.["application/json"]?.schema;
  const errors = Object.entries(op.responses)
    .filter(([status]) => status !== "200")
    .flatMap(([status, r]) => errorCodes(r.description).map((e) => ({ status, ...e })));

  return (
    <Card className="scroll-mt-24 overflow-hidden" id={op.operationId}>
      <article aria-labelledby={headingId}>
        <header className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-3">
            <MethodBadge method={op.method} />
            <code className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-slate-100">/api{op.path}</code>
          </div>
          <h3 id={headingId} className="mt-3 text-base font-semibold text-slate-900 dark:text-white">
            {op.summary}
          </h3>
          {op.description && <RichText text={op.description} className="mt-1.5 text-sm leading-6 text-slate-600 dark:text-slate-400" />}
          <p className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span className="font-medium text-slate-500 dark:text-slate-500">Authentication</span>
            <Badge tone="neutral">{auth.label}</Badge>
            {auth.scope && (
              <>
                <span className="font-medium text-slate-500">Scope</span>
                <Badge tone="accent" className="font-mono">
                  {auth.scope}
                </Badge>
              </>
            )}
          </p>
        </header>

        <div className="grid gap-0 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]">
          <div className="space-y-6 px-5 py-5">
            {op.parameters && op.parameters.length > 0 && (
              <Section title="Parameters">
                <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 text-xs text-slate-500 dark:bg-slate-900/60 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Name
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          In
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Type
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Required
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {op.parameters.map((p) => {
                        const s = resolve(doc, p.schema);
                        return (
                          <tr key={`${p.in}-${p.name}`}>
                            <td className="px-3 py-2 align-top leading-5">
                              <code className="font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">{p.name}</code>
                              {(p.description ?? s.description) && <RichText text={(p.description ?? s.description)!} className="mt-0.5 text-xs text-slate-500 dark:text-slate-400" />}
                            </td>
                            <td className="px-3 py-2 align-top leading-5 text-slate-600 dark:text-slate-400">{p.in}</td>
                            <td className="px-3 py-2 align-top leading-5 font-mono text-xs text-indigo-700 dark:text-indigo-300">
                              {typeLabel(doc, s)}
                              {s.default !== undefined && <span className="block text-slate-500 dark:text-slate-400">default {JSON.stringify(s.default)}</span>}
                            </td>
                            <td className="px-3 py-2 align-top leading-5 text-slate-600 dark:text-slate-400">{p.required ? "yes" : "no"}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </Section>
            )}

            {body && (
              <Section title="Request body" aside={<code className="font-mono text-xs text-slate-500">{body[0]}</code>}>
                <SchemaView doc={doc} schema={body[1].schema ?? {}} />
                <RawSchema schema={body[1].schema} />
              </Section>
            )}

            <Section title="Response" aside={<Badge tone="success">200 OK</Badge>}>
              {okSchema && Object.keys(okSchema).length > 0 ? (
                <>
                  <SchemaView doc={doc} schema={okSchema} />
                  <RawSchema schema={okSchema} />
                </>
              ) : (
                <p className="text-sm text-slate-500">An empty JSON object.</p>
              )}
            </Section>
          </div>

          <div className="space-y-6 border-t border-slate-200 bg-slate-50/60 px-5 py-5 lg:border-t-0 lg:border-l dark:border-slate-800 dark:bg-slate-950/30">
            <Section title="Example">
              <CodeBlock code={curlFor(doc, op, baseUrl)} label={`Copy curl for ${op.method} ${op.path}`} />
            </Section>
            {errors.length > 0 && (
              <Section title="Errors">
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
                  {errors.map((e) => (
                    <li key={e.code} className="flex items-start gap-3 px-3 py-2">
                      <Badge tone={Number(e.status) >= 500 ? "danger" : "warning"} className="font-mono">
                        {e.status}
                      </Badge>
                      <div className="min-w-0">
                        <code className="font-mono text-xs font-semibold text-slate-900 dark:text-slate-100">{e.code}</code>
                        <p className="text-xs text-slate-600 dark:text-slate-400">{e.message}</p>
                      </div>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                  Every error answer is{" "}
                  <a href="#errors" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
                    the error envelope
                  </a>
                  .
                </p>
              </Section>
            )}
          </div>
        </div>
      </article>
    </Card>
  );
}

function Section({ title, aside, children }: { title: string; aside?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</h4>
        {aside}
      </div>
      {children}
    </section>
  );
}

function RawSchema({ schema }: { schema: unknown }) {
  return (
    <details className="group mt-3 text-sm">
      <summary className="cursor-pointer rounded text-xs font-medium text-slate-500 select-none hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-slate-200">
        JSON schema
      </summary>
      <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-200">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}
