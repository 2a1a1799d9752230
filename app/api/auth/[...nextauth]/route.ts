// /api/auth/* — next-auth's sign-in, sign-out and session endpoints for the dashboard
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { finishSignInAnswer, guardSignIn } from "@/lib/http/sign-in-guard";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  const refused = await guardSignIn(req);
  if (refused) return finishSignInAnswer(refused);
  return finishSignInAnswer(await NextAuth(req as never, { params: await ctx.params } as never, authOptions()));
}

export { handler as GET, handler as POST };
