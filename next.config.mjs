import { rootApiRewrites } from "./lib/http/root-api-rewrites.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Several checkouts of the app can be served side by side from one folder (NEXT_DIST_DIR=.next-a).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Routee's clients call API paths with trailing slashes: no redirect, the rewrites below
  // serve them as the path without it.
  skipTrailingSlashRedirect: true,
  // API path normalisation, as rewrites matched by the router itself: a proxy.ts doing the same
  // ran on every /api request and cost ≈ 0.7 ms of CPU each (docs/performance.md, B1). Doubled
  // slashes never get here: lib/server/empty-segments.ts collapses them before Next.js sees them.
  async rewrites() {
    return {
      beforeFiles: [
        // The API at the host root as well as under /api (lib/http/root-api-rewrites.mjs).
        ...rootApiRewrites,
        // The British spelling Routee's clients use, with or without a trailing slash.
        { source: "/api/sms/analyse/:rest*", destination: "/api/sms/analyze/:rest*" },
        // /api/…/ → /api/…
        { source: "/api/:path+/", destination: "/api/:path+" },
      ],
    };
  },
  // Security headers on every answer (HSTS, which depends on PUBLIC_URL at run time, is added by
  // lib/http/security-headers.ts). Next's pages carry inline scripts, hence 'unsafe-inline'; no
  // page loads anything from elsewhere, submits a form elsewhere, or may be framed.
  async headers() {
    const dev = process.env.NODE_ENV !== "production";
    const pagePolicy = [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    const common = [
      { key: "X-Frame-Options", value: "DENY" },
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ];
    return [
      { source: "/:path*", headers: [...common, { key: "Content-Security-Policy", value: pagePolicy }] },
      // The API answers JSON and files, never a page: nothing in them may run or be framed.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg-boss",
    "pg",
    "pg-copy-streams",
    "smpp",
    "@prisma/adapter-pg",
    "bcryptjs",
    "undici",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
  ],
  // npm test (scripts/test-all.sh) type-checks the same files with tsc just before, Next's route
  // types included (next typegen): its build skips the second, identical check (≈ 45 s here).
  typescript: { ignoreBuildErrors: process.env.SWITCHBOARD_TYPECHECKED === "1" },
};

export default nextConfig;
