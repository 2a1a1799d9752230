// The Operator area exists only for platform administrators: anyone else is answered 404 (its
// API answers 403 platformAdminOnly), as if there were nothing here.
import { notFound } from "next/navigation";
import { currentUser, type CurrentUser } from "../../_lib/current-user";

export async function requirePlatformAdmin(from: string): Promise<CurrentUser> {
  const me = await currentUser(from);
  if (!me.platformAdmin) notFound();
  return me;
}
