// Prisma CLI configuration: the JS schema engine through a driver adapter, so generate and
// migrate run offline. With DATABASE_URL it talks to PostgreSQL; without, to PGlite in DATA_DIR.
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

const usePglite = !process.env.DATABASE_URL?.startsWith("postgres");
// The schema reads env("DATABASE_URL"); without a value the CLI tries to download an engine.
if (usePglite) process.env.DATABASE_URL = "postgresql://pglite@localhost/pglite";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    if (!usePglite) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: process.env.DATABASE_URL });
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const dir = path.resolve(process.env.DATA_DIR ?? ".data", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    return new PrismaPGlite(new PGlite(dir));
  },
});
