// A minimal Next.js app for bench/run.ts (B1's "empty route" anchor). bench/support/empty-next.ts
// copies this folder to a temporary directory, links the project's node_modules into it and
// builds it there with the project's `next`.

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true },
  // node_modules is a link to the project's; Turbopack resolves only inside its root.
  turbopack: { root: "/" },
};

export default nextConfig;
