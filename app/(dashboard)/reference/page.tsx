// API reference, rendered from the same OpenAPI document served at /api/openapi.json.
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { scopePermissions } from "@/lib/core/tokens/scopes";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";
import { currentUser } from "../_lib/current-user";
import { MethodBadge } from "./_components/method-badge";
import { OperationCard } from "./_components/operation-card";
import { operationsByTag, type OpenApiDoc } from "./_components/openapi";
import { SchemaView } from "./_components/schema-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default async function ReferencePage() {
  await currentUser("/reference");
  const baseUrl = `${env().PUBLIC_URL}/api`;
  const doc = openApiDocument(baseUrl) as unknown as OpenApiDoc;
  const groups = operationsByTag(doc);
  const errorSchema = doc.components?.schemas?.Error;

  return (
    <>
      <PageHeader
        title="API reference"
        description={doc.info.description}
        actions={
          <a href="/api/openapi.json" className={buttonClasses("secondary")} target="_blank" rel="noreferrer">
            openapi.json
            <ExternalLinkIcon />
          </a>
        }
      />

      <div className="grid gap-8 xl:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label="API sections" className="hidden xl:block">
          <div className="sticky top-24 max-h-[calc(100dvh-7rem)] space-y-5 overflow-y-auto pb-6 text-sm">
            <TocGroup title="Introduction">
              <TocLink href="#base-url">Base URL</TocLink>
              <TocLink href="#authentication">Authentication</TocLink>
              <TocLink href="#errors">Errors</TocLink>
            </TocGroup>
            {groups.map(([tag, ops]) => (
              <TocGroup key={tag} title={tag} href={`#${slug(tag)}`}>
                {ops.map((op) => (
                  <TocLink key={op.operationId} href={`#${op.operationId}`}>
                    <MethodBadge method={op.method} small />
                    <span className="truncate">{op.summary}</span>
                  </TocLink>
                ))}
              </TocGroup>
            ))}
          </div>
        </nav>

        <div className="min-w-0 space-y-10">
          <div className="grid gap-6 lg:grid-cols-2">
            <Card id="base-url" className="scroll-mt-24">
              <CardHeader title="Base URL" description={`Version ${doc.info.version} · OpenAPI 3.1`} />
              <CardBody>
                <div className="flex items-center gap-1 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-950/40">
                  <code className="flex-1 truncate font-mono text-sm">{baseUrl}</code>
                  <CopyButton value={baseUrl} label="Copy base URL" />
                </div>
                <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Paths below are relative to the site; requests and answers are JSON unless an endpoint says otherwise.</p>
              </CardBody>
            </Card>
            <Card id="authentication" className="scroll-mt-24">
              <CardHeader title="Authentication" description="OAuth 2.0 client credentials, then a bearer token." />
              <CardBody className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
                <p>
                  Create an application in{" "}
                  <Link href="/applications" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                    Applications
                  </Link>
                  , exchange its id and secret at <code className="font-mono text-[13px]">POST /api/oauth/token</code>, and send{" "}
                  <code className="font-mono text-[13px]">Authorization: Bearer &lt;token&gt;</code> on every other call. Each endpoint names the scope its token needs:
                </p>
                <ul className="flex flex-wrap gap-1.5">
                  {Object.entries(scopePermissions).map(([scope, permission]) => (
                    <li key={scope} title={permission}>
                      <Badge className="font-mono">{scope}</Badge>
                    </li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          </div>

          {errorSchema && (
            <Card id="errors" className="scroll-mt-24">
              <CardHeader title="Errors" description="Every error answer has the same JSON shape. code is the HTTP status followed by six digits; each endpoint lists the codes it can return." />
              <CardBody>
                <SchemaView doc={doc} schema={errorSchema} />
              </CardBody>
            </Card>
          )}

          {groups.map(([tag, ops]) => (
            <section key={tag} id={slug(tag)} aria-labelledby={`${slug(tag)}-title`} className="scroll-mt-24 space-y-4">
              <h2 id={`${slug(tag)}-title`} className="border-b border-slate-200 pb-2 text-xl font-semibold tracking-tight text-slate-900 dark:border-slate-800 dark:text-white">
                {tag}
              </h2>
              {ops.map((op) => (
                <OperationCard key={op.operationId} doc={doc} op={op} baseUrl={baseUrl} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

function TocGroup({ title, href, children }: { title: string; href?: string; children: React.ReactNode }) {
  return (
    <div>
      {href ? (
        <a href={href} className="mb-1.5 block text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100">
          {title}
        </a>
      ) : (
        <p className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</p>
      )}
      <ul className="space-y-0.5">{children}</ul>
    </div>
  );
}

function TocLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <li>
      <a
        href={href}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        {children}
      </a>
    </li>
  );
}
