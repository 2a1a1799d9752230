// Each vitest worker gets its own DATA_DIR under the run's (vitest.config.mts): files running at
// once in different workers would otherwise race to create the same secret files in it.
import path from "node:path";

process.env.DATA_DIR = path.join(process.env.TEST_DATA_ROOT!, `worker-${process.env.VITEST_POOL_ID ?? "0"}`);
