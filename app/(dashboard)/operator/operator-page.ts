// Until the Operator area's own guard lands (branch operator): platform administrators only;
// anyone else gets the 404 of a page that does not exist.
import { notFound } from "next/navigation";
import { currentUser } from "../_lib/current-user";

export async function operatorPage(from: string): Promise<void> {
  const me = await currentUser(from);
  if (!(me as { platformAdmin?: boolean }).platformAdmin) notFound();
}
