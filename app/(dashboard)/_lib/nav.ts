// The dashboard's sections, in sidebar order. Sections not built yet keep their pitch here so
// the placeholder pages and the sidebar never disagree.
import {
  ActivityIcon,
  BookIcon,
  HomeIcon,
  KeyIcon,
  LayersIcon,
  MailIcon,
  MegaphoneIcon,
  PhoneIcon,
  SendIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from "@/components/ui/icons";

export interface Section {
  href: string;
  label: string;
  icon: (props: { size?: number; className?: string }) => React.ReactNode;
  /** What the section will do, for sections that are still placeholders. */
  pitch?: string;
  plans?: string[];
}

export const sections: Section[] = [
  { href: "/", label: "Overview", icon: HomeIcon },
  { href: "/compose", label: "Compose", icon: SendIcon },
  { href: "/campaigns", label: "Campaigns", icon: MegaphoneIcon },
  {
    href: "/tracking",
    label: "Tracking",
    icon: ActivityIcon,
  },
  { href: "/contacts", label: "Contacts", icon: UsersIcon },
  {
    href: "/numbers",
    label: "Numbers",
    icon: PhoneIcon,
    pitch: "Rent virtual numbers to send from and to receive inbound messages on.",
    plans: ["Browse available numbers by country", "Inbound messages forwarded to your callback", "Monthly cost on your balance"],
  },
  {
    href: "/pools",
    label: "Pools",
    icon: LayersIcon,
    pitch: "Group your numbers into pools that share the sending load and keep conversations on one number.",
    plans: ["Sticky sender per recipient", "Add and remove numbers at any time", "Per-pool inbound routing"],
  },
  {
    href: "/otp",
    label: "OTP",
    icon: ShieldIcon,
    pitch: "Verify users with one-time passwords sent over Viber, falling back to SMS when it is not delivered.",
    plans: ["Configurable code length, expiry and attempts", "Automatic channel failover", "Verification status and conversion rates"],
  },
  {
    href: "/email",
    label: "Email",
    icon: MailIcon,
    pitch: "Send transactional email over SMTP, with open and click tracking.",
    plans: ["Delivery, open and click events per message", "Captured mail viewer for the built-in SMTP sink", "Callbacks on every event"],
  },
  { href: "/applications", label: "Applications", icon: KeyIcon },
  { href: "/reference", label: "API reference", icon: BookIcon },
  { href: "/settings", label: "Settings", icon: SettingsIcon },
];

export function section(href: string): Section {
  const s = sections.find((x) => x.href === href);
  if (!s) throw new Error(`no dashboard section ${href}`);
  return s;
}
