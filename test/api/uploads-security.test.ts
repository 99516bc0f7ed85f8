import { describe, expect, it } from "vitest";
import { apiUrl, call, signedIn } from "./helpers";

/** Uploaded files of active types are downloads, never pages (issue 8, browser security); API answers are nosniff. */

const SVG = `<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "ran"</script><circle r="4"/></svg>`;
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

async function upload(token: string, name: string, body: BlobPart, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([body], name, { type }));
  const res = await fetch(`${apiUrl()}/api/files`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Follow the file link's redirect to where the bytes are served, as a browser would. */
async function served(url: string) {
  const link = await fetch(url, { redirect: "manual" });
  expect(link.status).toBe(302);
  return fetch(link.headers.get("location")!);
}

describe("GET /api/files/{id}", () => {
  it("serves an uploaded SVG (and HTML) as an attachment, so a script in it never runs as a page", async () => {
    const { token } = await signedIn("svg-uploader");
    const svg = await served(await upload(token, "logo.svg", SVG, "image/svg+xml"));
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-disposition")).toBe('attachment; filename="logo.svg"');
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toBe(SVG);

    const html = await served(await upload(token, "page.html", "<script>alert(1)</script>", "text/html"));
    expect(html.headers.get("content-disposition")).toBe('attachment; filename="page.html"');
    expect(html.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("keeps images that cannot run script inline", async () => {
    const { token } = await signedIn("png-uploader");
    const png = await served(await upload(token, "dot.png", PNG, "image/png"));
    expect(png.headers.get("content-disposition")).toBe('inline; filename="dot.png"');
    expect(png.headers.get("content-type")).toBe("image/png");
  });
});

describe("API answers", () => {
  it("carry X-Content-Type-Options: nosniff, errors included", async () => {
    const { token } = await signedIn("nosniff");
    expect((await call("GET", "/api/auth/me", { token })).headers.get("x-content-type-options")).toBe("nosniff");
    expect((await call("GET", "/api/auth/me")).headers.get("x-content-type-options")).toBe("nosniff");
    expect((await call("GET", "/api/no-such-route")).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
