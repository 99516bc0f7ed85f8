import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from "react";
import { GOOGLE_MARK } from "../../../lib/google-mark";

/**
 * The building blocks of the runner's sign-in screens: plain React with Tailwind classes,
 * since they run on the app's own origin where only Tailwind (compiled in the page) is there.
 */

export function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">{children}</div>
    </div>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={label}>
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-gray-200 border-t-gray-900" />
    </div>
  );
}

export function Title({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{children}</h1>
      {sub && <p className="mt-1 text-sm text-gray-500">{sub}</p>}
    </div>
  );
}

/** The app's logo, or the first letter of its name when it has none. */
export function AppMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  return (
    <div className="mb-4 flex justify-center">
      {logoUrl ? (
        <img src={logoUrl} alt={name} className="h-14 w-14 rounded-xl object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-xl bg-gray-900 text-2xl font-semibold text-white">
          {name.trim().charAt(0).toUpperCase()}
        </div>
      )}
    </div>
  );
}

export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? input.name;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-900 outline-none placeholder:text-gray-400 focus:border-gray-900 focus:ring-2 focus:ring-gray-900/10"
      />
    </div>
  );
}

export function PrimaryButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...props}
      className="w-full rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-medium text-white hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-60"
    />
  );
}

export function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className="text-sm font-medium text-gray-900 underline-offset-4 hover:underline disabled:opacity-60" />;
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-700">
      {children}
    </p>
  );
}

export function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase text-gray-400">
      <span className="h-px flex-1 bg-gray-200" />
      or
      <span className="h-px flex-1 bg-gray-200" />
    </div>
  );
}

export function GoogleButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center justify-center gap-3 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-medium text-gray-900 hover:bg-gray-50"
    >
      <svg width="18" height="18" viewBox={GOOGLE_MARK.viewBox} aria-hidden="true">
        {GOOGLE_MARK.paths.map((p) => (
          <path key={p.fill} fill={p.fill} d={p.d} />
        ))}
      </svg>
      Continue with Google
    </button>
  );
}
