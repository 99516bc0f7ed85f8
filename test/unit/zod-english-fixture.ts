import type { z as Z } from "zod/v4";

/**
 * Bad input through a few schemas, for test/unit/esbuild-plugins.test.ts: the messages zod gives,
 * by default and with its `en` locale set explicitly. Takes zod's namespace so a bundle and the test share it.
 */
export function englishMessages(z: typeof Z): { byDefault: string[]; withEn: string[] } {
  const schema = z.object({
    name: z.string().min(3),
    age: z.number().int().positive(),
    email: z.email(),
    kind: z.enum(["page", "entity"]),
    tags: z.array(z.string()).max(1),
    when: z.iso.datetime(),
  });
  const bad = { name: "x", age: -1.5, email: "not-an-email", kind: "other", tags: ["a", 2], when: "yesterday", extra: true };
  const messages = () => schema.strict().safeParse(bad).error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const byDefault = messages();
  z.config(z.locales.en());
  return { byDefault, withEn: messages() };
}
