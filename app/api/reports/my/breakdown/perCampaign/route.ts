// GET /api/reports/my/breakdown/perCampaign — the current docs' name for /api/reports/my/latency/perCampaign
export { POST, PUT, PATCH, DELETE, GET } from "../../latency/perCampaign/route";
