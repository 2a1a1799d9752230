// The dashboard's sections, in sidebar order. Sections not built yet keep their pitch here so
// the placeholder pages and the sidebar never disagree.
import { ActivityIcon, BookIcon, HomeIcon, KeyIcon, LayersIcon, MailIcon, MegaphoneIcon, PhoneIcon, SendIcon, ServerIcon, SettingsIcon, ShieldIcon, UsersIcon } from "@/components/ui/icons";
import type { Role } from "@/lib/db/generated/enums";
import { composerRoles, ownerRoles } from "@/lib/core/users/roles";

export interface Section {
  href: string;
  label: string;
  icon: (props: { size?: number; className?: string }) => React.ReactNode;
  /** What the section will do, for sections that are still placeholders. */
  pitch?: string;
  plans?: string[];
  /** Roles that may use the section (default: every role); the others do not see it. */
  roles?: readonly Role[];
  /** Platform administrators only (the Operator area); nobody else sees it. */
  platformAdmin?: boolean;
}

export const sections: Section[] = [
  { href: "/", label: "Overview", icon: HomeIcon },
  { href: "/compose", label: "Compose", icon: SendIcon, roles: composerRoles },
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
  },
  {
    href: "/pools",
    label: "Pools",
    icon: LayersIcon,
  },
  { href: "/otp", label: "OTP", icon: ShieldIcon },
  { href: "/email", label: "Email", icon: MailIcon },
  { href: "/webhooks", label: "Webhooks", icon: ActivityIcon },
  { href: "/applications", label: "Applications", icon: KeyIcon, roles: ownerRoles },
  { href: "/reference", label: "API reference", icon: BookIcon },
  { href: "/settings", label: "Settings", icon: SettingsIcon },
  { href: "/operator", label: "Operator", icon: ServerIcon, platformAdmin: true },
];

/** The sections a role (and a platform administrator) may use, in sidebar order. */
export function sectionsFor(role: string, platformAdmin = false): Section[] {
  return sections.filter((s) => (!s.roles || (s.roles as readonly string[]).includes(role)) && (!s.platformAdmin || platformAdmin));
}

export function section(href: string): Section {
  const s = sections.find((x) => x.href === href);
  if (!s) throw new Error(`no dashboard section ${href}`);
  return s;
}
