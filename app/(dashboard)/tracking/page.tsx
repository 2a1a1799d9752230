import type { Metadata } from "next";
import { ComingSoon } from "../_components/coming-soon";

export const metadata: Metadata = { title: "Tracking" };

export default function Page() {
  return <ComingSoon href="/tracking" />;
}
