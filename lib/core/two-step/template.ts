// A 2Step SMS's text: the request's template (or the default) with its @@name placeholders
// filled from `arguments`. @@pin stays for the OTP engine, which puts the code there. Pure.

export const DEFAULT_TEMPLATE = "Your verification code is @@pin";

export function fillTemplate(template: string | undefined, args: Record<string, string> = {}): string {
  // Longest names first, so @@name is not taken for the start of @@names.
  const names = Object.keys(args)
    .filter((n) => n !== "pin")
    .sort((a, b) => b.length - a.length);
  let text = template ?? DEFAULT_TEMPLATE;
  for (const name of names) text = text.split(`@@${name}`).join(args[name]!.replaceAll("@@pin", ""));
  return text;
}
