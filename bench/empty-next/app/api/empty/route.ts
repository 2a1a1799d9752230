// The B1 anchor: the least a Next.js route handler can do for a POST — read the body, answer {}.
export async function POST(req: Request): Promise<Response> {
  await req.text();
  return Response.json({});
}
