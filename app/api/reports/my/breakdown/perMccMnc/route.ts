// GET /api/reports/my/breakdown/perMccMnc — the current docs' name for /api/reports/my/latency/perMccMnc
export { POST, PUT, PATCH, DELETE, GET } from "../../latency/perMccMnc/route";
