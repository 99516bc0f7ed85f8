import { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { Config } from "../../functions/core/config";
import { Keys } from "../../functions/core/keys";
import { Storage } from "../../functions/core/storage";
import { builtApp, call, signedIn, useStackLinks } from "./helpers";

/** The classes written in one file's `className="..."` attributes. */
const classesOf = (source: string) => [...source.matchAll(/className="([^"]+)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean);

/** A class selector as Tailwind prints it (`hover:bg-x/90` -> `.hover\:bg-x\/90`). */
const selector = (cls: string) => `.${cls.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)}`;

describe("a published app's build", () => {
  it("ships the pages' JSX compiled and CSS of exactly the classes used, with none of the in-page Tailwind", async () => {
    const { token } = await signedIn("builder");
    const app = await builtApp(token);
    expect((await call("POST", `/api/apps/${app.id}/deploy`, { token })).status).toBe(200);

    const published = await call("GET", `/api/apps/public/prod/by-id/${app.id}`, { token });
    expect(published.status).toBe(200);
    const { files, build } = published.body;
    const pages = Object.keys(files).filter((p) => p.startsWith("pages/"));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const module = build.modules[page];
      expect(module, page).toBeDefined();
      expect(module.code).toContain("jsxDEV");
      expect(module.code).not.toMatch(/<div[\s>]/);
      expect(module.imports).toContain("react/jsx-dev-runtime");
    }
    // entities are schemas, not code
    expect(Object.keys(build.modules).some((p) => p.startsWith("entities/"))).toBe(false);

    const used = [...new Set(Object.values(files as Record<string, string>).flatMap(classesOf))].filter((c) => /^(flex|grid|text-|bg-|p-|px-|py-|gap-|rounded)/.test(c) && !c.includes("$"));
    expect(used.length).toBeGreaterThan(5);
    for (const cls of used) expect(build.css, cls).toContain(selector(cls));
    // the theme's colours are compiled in, and nothing the app or the runtime never writes is
    expect(build.css).toContain("--color-primary");
    expect(build.css).not.toContain(selector("bg-fuchsia-950"));
    // plain CSS: no directive left for a Tailwind in the page to compile
    expect(build.css).not.toMatch(/@import|@theme|@tailwind|@apply|@custom-variant/);
  });

  it("keeps serving an app published before builds existed: its files, and no build", async () => {
    const { token } = await signedIn("early");
    const app = await builtApp(token);
    const deployed = await call("POST", `/api/apps/${app.id}/deploy`, { token });
    const before = await call("GET", `/api/apps/public/prod/by-id/${app.id}`, { token });

    // what a publish stored before builds: the bare file tree, at the same version
    useStackLinks();
    await Storage.client().send(
      new PutObjectCommand({ Bucket: Config.bucket, Key: Keys.publishedObject(app.id, deployed.body.version), Body: JSON.stringify(before.body.files), ContentType: "application/json" }),
    );
    const old = await call("GET", `/api/apps/public/prod/by-slug/${app.slug}`, { token });
    expect(old.status).toBe(200);
    expect(old.body.version).toBe(deployed.body.version);
    expect(old.body.files).toEqual(before.body.files);
    expect(old.body.build).toBeNull();
  });
});
