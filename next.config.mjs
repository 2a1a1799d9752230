/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Several checkouts of the app can be served side by side from one folder (NEXT_DIST_DIR=.next-a).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Routee's clients call paths with trailing slashes; proxy.ts normalises them instead.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg-boss", "pg", "smpp", "@prisma/adapter-pg", "bcryptjs"],
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
