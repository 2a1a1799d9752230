// The import rules of docs/architecture.md, checked by `npm run depcheck` (in npm test):
// app → lib/http → lib/core → lib/db, adapters (lib/carrier, lib/providers) below the core's ports,
// lib/server the composition root that only entry points reach, and no runtime cycle in lib/.
// Type-only imports are seen (tsPreCompilationDeps) so that the layering covers them too; the cycle
// rule ignores them, as they vanish from the compiled code. Test files may reach across layers.

const tests = "\\.(test|spec)\\.tsx?$";
const framework = "(^|/)node_modules/(next|next-auth|react|react-dom)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycle",
      severity: "error",
      comment: "A runtime import cycle in lib/: invert it (a port in lib/core, an event, or a value passed in by lib/server).",
      from: { path: "^lib/" },
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "core-is-framework-free",
      severity: "error",
      comment: "lib/core is the domain: no HTTP layer, composition root, adapter, dashboard, Next.js or React.",
      from: { path: "^lib/core/", pathNot: tests },
      to: { path: ["^lib/(http|server|auth|carrier|providers)/", "^app/", "^components/", framework] },
    },
    {
      name: "db-is-the-bottom",
      severity: "error",
      comment: "lib/db is below the domain: it must not import lib/core, lib/http or lib/server.",
      from: { path: "^lib/db/", pathNot: tests },
      to: { path: "^lib/(core|http|server)/" },
    },
    {
      name: "adapters-see-only-ports",
      severity: "error",
      comment: "Adapters (lib/carrier, lib/providers) know their protocol: of lib/core only the ports (and the context's types), never lib/http.",
      from: { path: "^lib/(carrier|providers)/", pathNot: tests },
      to: { path: ["^lib/core/", "^lib/http/"], pathNot: ["^lib/core/ports/", "^lib/core/context\\.ts$"] },
    },
    {
      name: "adapters-take-context-types-only",
      severity: "error",
      comment: "Adapters may name the context's types (import type), not run its code.",
      from: { path: "^lib/(carrier|providers)/", pathNot: tests },
      to: { path: "^lib/core/context\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "job-engine-below-the-domain",
      severity: "error",
      comment: "lib/jobs runs jobs for the domain without knowing it: it may name the context's and job types (import type), never run lib/core's code.",
      from: { path: "^lib/jobs/", pathNot: tests },
      to: { path: "^lib/(core|http|server)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-does-not-import-the-app",
      severity: "error",
      comment: "lib/ is below app/ and components/: pass what it needs in instead.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "only-entry-points-import-the-server",
      severity: "error",
      comment: "lib/server is the composition root: only entry points (app, scripts, instrumentation.ts, bench), the request edges (lib/http, lib/auth) and tests import it.",
      from: { pathNot: ["^(app|scripts|bench|tests|e2e)/", "^lib/(http|auth|server)/", "^instrumentation\\.ts$", tests] },
      to: { path: "^lib/server/" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "^lib/db/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    cache: false,
  },
};
