// Vitest global setup of the "postgres" project: a server for the whole run, unless the caller
// (scripts/test-all.sh) already started one and passed TEST_PG_URL.
import type { TestProject } from "vitest/node";
import { startCluster } from "./pg-cluster.ts";

export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_URL) {
    project.provide("pgUrl", process.env.TEST_PG_URL);
    return;
  }
  const cluster = await startCluster();
  project.provide("pgUrl", cluster.url);
  return () => cluster.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
