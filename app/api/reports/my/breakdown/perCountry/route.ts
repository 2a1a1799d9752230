// GET /api/reports/my/breakdown/perCountry — the current docs' name for /api/reports/my/latency/perCountry
export { POST, PUT, PATCH, DELETE, GET } from "../../latency/perCountry/route";
