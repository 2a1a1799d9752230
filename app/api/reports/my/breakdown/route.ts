// GET /api/reports/my/breakdown — the current docs' name for /api/reports/my/latency
export { POST, PUT, PATCH, DELETE, GET } from "../latency/route";
