import { it } from "vitest";
import { nameFromDescription, planOffline } from "../../functions/agent/offline";
const ds = (process.env.PROBE ?? "").split("|").filter(Boolean);
it("probe", () => {
  for (const d of ds) {
    const text = planOffline({ message: d, files: {}, appName: "" });
    const files: Record<string, string> = {};
    for (const m of text.matchAll(/<kiln-write path="([^"]+)">\n([\s\S]*?)\n<\/kiln-write>/g)) files[m[1]] = m[2];
    const ents = Object.entries(files).filter(([p]) => p.startsWith("entities/")).map(([p, c]) => {
      const s = JSON.parse(c);
      return `${p.slice(9)}(${Object.entries(s.properties).map(([k, v]: any) => `${k}:${v.type}${v.format ? "/" + v.format : ""}${v.enum ? "[" + v.enum.join(",") + "]" : ""}`).join(", ")})`;
    });
    const pages = Object.keys(files).filter((p) => p.startsWith("pages/")).map((p) => p.slice(6)).filter((p) => !/(Detail|Form)$/.test(p));
    console.log(`\n## ${d} -> "${nameFromDescription(d)}"\n${ents.join("\n")}\npages: ${pages.join(" ")}`);
  }
});
