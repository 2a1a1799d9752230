// Connectors (named SMPP connections, issue 16): the operator's create and edit bodies, the
// connector as every answer shows it (the password never, only whether one is set), its live
// status as the workers report it, its costs, and the operator routes that carry them.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute, operatorRoute } from "../http/route-spec.ts";
import { idParams } from "./path-segment.ts";

export const BIND_MODES = ["transceiver", "transmitter-receiver"] as const;
/** data_coding values an SMSC may want for GSM-7 text: SMSC default, IA5 (ASCII), Latin-1. */
export const GSM7_DATA_CODINGS = [0, 1, 3] as const;
/** SMPP 3.4 §5.2.5–5.2.6: the TON and NPI values there are. */
const NPI_VALUES = [0, 1, 3, 4, 6, 8, 9, 10, 14, 18];

const int = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);
const ton = int(0, 6, "TON").nullable();
const npi = z
  .number({ error: "NPI must be a number" })
  .refine((v) => NPI_VALUES.includes(v), `NPI must be one of ${NPI_VALUES.join(", ")}`)
  .nullable();

export const connectorName = z
  .string({ error: "name is required" })
  .trim()
  .min(1, "name is required")
  .max(64, "At most 64 characters")
  .regex(/^[\w.-]+$/, "Use letters, digits, '.', '_' and '-' (routes and the command line name connectors by it)");

const host = z
  .string({ error: "host is required" })
  .trim()
  .min(1, "host is required")
  .max(253, "At most 253 characters")
  .regex(/^[\w.:-]+$/, "A host name or an IP address");

/** Every setting of a connection; what create leaves out takes the model's default. */
export const connectorFields = {
  host,
  port: int(1, 65535, "port"),
  systemId: z.string().max(32, "At most 32 characters").describe("system_id of the bind."),
  password: z.string().max(64, "At most 64 characters").describe("Stored sealed; never answered (passwordSet says whether one is set)."),
  systemType: z.string().trim().max(12, "At most 12 characters (SMPP 3.4)"),
  bindMode: z.enum(BIND_MODES, { error: "bindMode is transceiver or transmitter-receiver" }),
  binds: int(1, 32, "binds"),
  window: int(1, 1000, "window").describe("submit_sm in flight per bind."),
  tps: int(0, 100_000, "tps").describe("submit_sm per second per bind; 0: no limit."),
  tls: z.boolean({ error: "tls is true or false" }),
  caFile: z.string().trim().max(1000, "At most 1000 characters").describe("Path, on the workers, of a PEM file of CAs to trust for TLS."),
  sourceTon: ton,
  sourceNpi: npi,
  destTon: ton,
  destNpi: npi,
  gsm7DataCoding: z.union(
    GSM7_DATA_CODINGS.map((v) => z.literal(v)),
    { error: "gsm7DataCoding is 0, 1 or 3" },
  ),
  enquireLinkSeconds: int(5, 3600, "enquireLinkSeconds"),
  temporaryErrors: z
    .array(int(0, 0x7fffffff, "a command_status"))
    .max(50, "At most 50 values")
    .describe("command_status values that send a part on to the next connector."),
};

export const createConnectorBody = z.object({ name: connectorName, host, port: connectorFields.port }).extend(z.object(connectorFields).omit({ host: true, port: true }).partial().shape);
export type CreateConnectorInput = z.output<typeof createConnectorBody>;

/** An edit: only what it names changes (password "" clears it; left out keeps it). */
export const updateConnectorBody = createConnectorBody.partial();
export type UpdateConnectorInput = z.output<typeof updateConnectorBody>;

/** A connector as every answer shows it: its settings but the password (only whether one is set). */
export const connectorResource = z.object(connectorFields).omit({ password: true }).extend({
  id: z.string(),
  name: z.string(),
  passwordSet: z.boolean(),
  enabled: z.boolean(),
  /** Routes that send through it. */
  routes: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const bindStatus = z.object({ index: z.number(), kind: z.string(), state: z.string(), lastError: z.string(), since: z.string(), inFlight: z.number() });

/** One worker's view of a connector (table connector_status). */
export const connectorWorkerStatus = z.object({
  worker: z.string(),
  state: z.string(),
  binds: z.array(bindStatus),
  inFlight: z.number(),
  window: z.number(),
  submitsPerSecond: z.number(),
  receiptsPerSecond: z.number(),
  throttledPerSecond: z.number(),
  /** submit_sm_resp latency, mean and 95th percentile, ms (null before any answer). */
  latencyMs: z.number().nullable(),
  latencyP95Ms: z.number().nullable(),
  breaker: z.string(),
  updatedAt: isoDate,
  /** No report for a while: the worker has likely stopped. */
  stale: z.boolean(),
});

export const connectorWithStatus = connectorResource.extend({
  /** stopped, bound, degraded, connecting, down, or unknown when no worker reports it. */
  state: z.string(),
  workers: z.array(connectorWorkerStatus),
});

export const connectorCostRow = z.object({ country: z.string(), network: z.string(), cost: z.number(), currency: z.string() });

// ---- operator routes (platform administrators)

const operator = operatorRoute;
const one = { params: idParams, response: connectorResource } as const;
const writeErrors = ["connectorNameTaken"] as const;

export const listConnectorsRoute = defineRoute(operator, "GET /operator/connectors", { summary: "Connectors with their live status", response: z.object({ content: z.array(connectorWithStatus) }) });
export const createConnectorRoute = defineRoute(operator, "POST /operator/connectors", {
  summary: "Add a connector",
  body: createConnectorBody,
  response: connectorResource,
  errors: [...writeErrors],
});
export const getConnectorRoute = defineRoute(operator, "GET /operator/connectors/{id}", { summary: "One connector", ...one, errors: ["connectorNotFound"] });
export const updateConnectorRoute = defineRoute(operator, "PATCH /operator/connectors/{id}", {
  summary: "Edit a connector (workers follow within seconds)",
  ...one,
  body: updateConnectorBody,
  errors: ["connectorNotFound", ...writeErrors],
});
export const deleteConnectorRoute = defineRoute(operator, "DELETE /operator/connectors/{id}", {
  summary: "Delete a connector no route uses",
  params: idParams,
  errors: ["connectorNotFound", "connectorInUse"],
});
/** Stopping and starting: no body, the connector as it now is. */
const stopOrStart = { ...one, errors: ["connectorNotFound"] } as const;
export const stopConnectorRoute = defineRoute(operator, "POST /operator/connectors/{id}/stop", { summary: "Stop a connector: workers unbind it", ...stopOrStart });
export const startConnectorRoute = defineRoute(operator, "POST /operator/connectors/{id}/start", { summary: "Start a stopped connector", ...stopOrStart });

export const listCostsRoute = defineRoute(operator, "GET /operator/connectors/{id}/costs", {
  summary: "A connector's cost per part by country (and network)",
  params: idParams,
  query: z.object({ format: z.enum(["json", "csv"]).optional() }),
  response: z.object({ content: z.array(connectorCostRow) }),
  errors: ["connectorNotFound"],
});
export const importCostsRoute = defineRoute(operator, "PUT /operator/connectors/{id}/costs", {
  summary: "Replace a connector's costs from CSV (columns country,network,cost[,currency])",
  params: idParams,
  body: z.object({ csv: z.string().max(2_000_000, "At most 2 MB of CSV") }),
  maxBody: 2_200_000,
  response: z.object({ imported: z.number() }),
  errors: ["connectorNotFound"],
});
