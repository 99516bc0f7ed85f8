// Kiln's own lint rule: no import circles among our files, `import type` included. import-x's no-cycle
// always skips type imports, and a circle through types still means two files that cannot be read or
// moved apart. One graph of the layers' files per ESLint run (TypeScript's import scanner, no parsing),
// split into strongly connected components: an import is reported when its target sits in the
// importer's component, with the way back.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** A file's text, or none when it went away since the folder was listed. */
function readIfThere(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return "";
    throw error;
  }
}

/** @param {{ root: string, folders: string[], resolver: { resolve(spec: string, from: string): { found: boolean, path?: string | null } } }} options */
export function noImportCycle({ root, folders, resolver }) {
  /** @type {Map<string, string[]> | null} file → the files of ours it imports */
  let graph = null;
  /** @type {Map<string, number>} file → its component */
  let component = new Map();

  const resolve = (spec, from) => {
    const found = resolver.resolve(spec, from);
    return found.found && found.path ? path.resolve(found.path) : null;
  };
  const importsOf = (file, text) =>
    ts
      .preProcessFile(text, true, true)
      .importedFiles.map((spec) => resolve(spec.fileName, file))
      .filter((target) => target !== null && graph.has(target));

  function build() {
    graph = new Map();
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules") walk(full);
        } else if (SOURCE.test(entry.name)) graph.set(full, []);
      }
    };
    for (const folder of folders) walk(path.join(root, folder));
    for (const file of graph.keys()) graph.set(file, importsOf(file, readIfThere(file)));
    components();
  }

  // Tarjan's strongly connected components.
  function components() {
    component = new Map();
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    let next = 0;
    const visit = (file) => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      for (const target of graph.get(file)) {
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file), low.get(target)));
        } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
      }
      if (low.get(file) === index.get(file)) {
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, index.get(file));
        } while (member !== file);
      }
    };
    for (const file of graph.keys()) if (!index.has(file)) visit(file);
  }

  /** The shortest way from `start` back to `file`, inside their component. */
  function wayBack(start, file) {
    const from = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift();
      if (at === file) break;
      for (const target of graph.get(at))
        if (!from.has(target) && component.get(target) === component.get(file)) {
          from.set(target, at);
          queue.push(target);
        }
    }
    const way = [];
    for (let at = file; at !== null; at = from.get(at)) way.unshift(at);
    return way;
  }

  return {
    meta: {
      type: "problem",
      docs: { description: "Forbid import circles between our files, type imports included" },
      messages: { circle: "Import circle: {{way}}" },
      schema: [],
    },
    create(context) {
      const file = path.resolve(context.physicalFilename);
      if (graph === null) build();
      if (!graph.has(file)) return {};
      // An editor lints text not yet saved: take this file's imports from what is being linted.
      const live = importsOf(file, context.sourceCode.text);
      if (live.join("\n") !== graph.get(file).join("\n")) {
        graph.set(file, live);
        components();
      }
      const check = (node, spec) => {
        if (typeof spec !== "string") return;
        const target = resolve(spec, file);
        if (target === null || component.get(target) !== component.get(file)) return;
        const way = [file, ...wayBack(target, file)].map((f) => path.relative(root, f));
        context.report({ node, messageId: "circle", data: { way: way.join(" → ") } });
      };
      return {
        ImportDeclaration: (node) => check(node.source, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
        ExportAllDeclaration: (node) => check(node.source, node.source.value),
        ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
        TSImportType: (node) => node.source?.type === "Literal" && check(node.source, node.source.value),
        TSExternalModuleReference: (node) => node.expression.type === "Literal" && check(node.expression, node.expression.value),
      };
    },
  };
}
