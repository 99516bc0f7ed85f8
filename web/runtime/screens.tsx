import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** The runner's own panels around an app (spec 03 §2.13 runner states, §8 texts). */

export function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div data-testid="runtime-notice" className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        {children}
      </div>
    </div>
  );
}

/** The page name the app lacks, and the way home. */
export function PageNotFound({ name }: { name: string }) {
  return (
    <Notice title="Page Not Found" text={`The page "${name}" could not be found in this application.`}>
      <Link to="/" className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800">
        Go Home
      </Link>
    </Notice>
  );
}

/** A host that is no app's (the custom-domain shell): help is on the builder, in a new tab. */
export function DomainNotRecognized({ editorOrigin }: { editorOrigin: string | null }) {
  return (
    <Notice title="Domain Not Recognized" text="This domain is not associated with any app.">
      {editorOrigin && (
        <a
          href={`${editorOrigin}/support`}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800"
        >
          Contact Support
        </a>
      )}
    </Notice>
  );
}

/** "Edit with Kiln": a public, remixable published app invites a copy of itself on the builder. */
export function RemixBadge({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="remix-badge"
      className="fixed bottom-4 right-4 z-[2147483647] flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs font-medium text-slate-900 shadow-md hover:bg-slate-50"
    >
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-orange-500" />
      Edit with Kiln
    </a>
  );
}
