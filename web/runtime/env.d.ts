/// <reference types="vite/client" />

/** Tailwind v4 compiled in the page; a script with side effects and no types. */
declare module "@tailwindcss/browser";
