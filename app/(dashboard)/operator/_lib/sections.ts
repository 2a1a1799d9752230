// The Operator area's sections, in tab order. A new part of the console (connectors, routes…)
// is one entry here and its pages under app/(dashboard)/operator/<section>/: the layout's tabs
// and the area's index page are built from this list.
import { BuildingIcon } from "@/components/ui/icons";

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
];
