// The Operator area's sections, in tab order. A new part of the console (connectors, routes…)
// is one entry here and its pages under app/(operator)/operator/<section>/ (each page starting
// with requirePlatformAdmin): the layout's tabs
// and the area's index page are built from this list.
import { ActivityIcon, BuildingIcon, LayersIcon, SearchIcon, WalletIcon } from "@/components/ui/icons";

export interface OperatorSection {
  href: string;
  label: string;
  /** One sentence for the area's index page. */
  description: string;
  icon: (props: { size?: number; className?: string }) => React.ReactNode;
}

export const operatorSections: OperatorSection[] = [
  {
    href: "/operator/accounts",
    label: "Accounts",
    description: "Every account on the platform: balances and traffic, opening, suspending and crediting accounts, and their own price lists.",
    icon: BuildingIcon,
  },
  {
    href: "/operator/connectors",
    label: "Connectors",
    description: "The SMPP connections to your carriers: add, edit, stop and start them, with each bind's live status.",
    icon: ActivityIcon,
  },
  {
    href: "/operator/routes",
    label: "Routes",
    description: "Which connectors carry which messages: ordered rules by account, country, prefix, network, kind and sender, with priority, weights or least cost.",
    icon: LayersIcon,
  },
  { href: "/operator/route-test", label: "Route tester", description: "Where a message would go now, and the route that sends it there.", icon: SearchIcon },
  { href: "/operator/costs", label: "Costs", description: "What each connector charges per part, by country and network, imported and exported as CSV.", icon: WalletIcon },
];
