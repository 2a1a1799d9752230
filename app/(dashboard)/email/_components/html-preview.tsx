// An email's HTML in a sandboxed iframe: no scripts, no same-origin access, and a content
// policy that loads no remote image and follows no link, so looking at an email in the
// dashboard neither counts an open nor a click.
const guard = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:"><base target="_blank">`;

export function HtmlPreview({ html, title }: { html: string; title: string }) {
  return <iframe title={title} sandbox="" referrerPolicy="no-referrer" srcDoc={guard + html} className="h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700" />;
}
