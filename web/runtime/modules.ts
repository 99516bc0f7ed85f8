import { type Compiled, compile } from "../../lib/runtime/compile";
import { type BuiltinId, ImportError, type Target, resolveImport } from "./resolve";

/**
 * The generated app's files as CommonJS modules, evaluated on first `require`
 * and cached. A file change drops that module and every module that imports it,
 * directly or not, so the next render evaluates fresh code while untouched
 * modules (and the components they export) stay as they are.
 * Pure apart from evaluating code: test/unit/runtime-modules.test.ts.
 */

export type Exports = Record<string, unknown>;

/** What the modules Kiln provides are made of (web/runtime/builtins.ts in the browser). */
export interface ModuleProvider {
  builtin(id: BuiltinId): Exports;
  entity(name: string): Exports;
  func(name: string): Exports;
}

interface ModuleRecord {
  exports: Exports;
  /** app files this module imports */
  deps: Set<string>;
  error: unknown;
}

export class AppModules {
  private files: Readonly<Record<string, string>> = {};
  private readonly records = new Map<string, ModuleRecord>();
  /** compiled code of each file's current text, so re-evaluating an unchanged dependent does not recompile it */
  private readonly compiled = new Map<string, { source: string; compiled: Compiled }>();

  constructor(private readonly provider: ModuleProvider) {}

  get tree(): Readonly<Record<string, string>> {
    return this.files;
  }

  /**
   * Make `files` the app's file tree. Answers the paths whose content changed
   * (empty: nothing to re-render); their modules and all that import them are dropped.
   */
  update(files: Readonly<Record<string, string>>): string[] {
    const changed = [...new Set([...Object.keys(this.files), ...Object.keys(files)])].filter((p) => this.files[p] !== files[p]);
    if (!changed.length) return [];
    const added = changed.some((p) => !(p in this.files));
    this.files = files;
    const drop = new Set(changed);
    // A file that appeared may satisfy an import that failed before.
    if (added) for (const [path, record] of this.records) if (record.error instanceof ImportError) drop.add(path);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [path, record] of this.records) {
        if (!drop.has(path) && [...record.deps].some((d) => drop.has(d))) {
          drop.add(path);
          grew = true;
        }
      }
    }
    for (const path of drop) this.records.delete(path);
    for (const path of changed) this.compiled.delete(path);
    return changed;
  }

  /** Code compiled ahead (a published app's build): used for each file while its text is the one loaded now; call after update(). */
  prebuilt(modules: Readonly<Record<string, Compiled>>): void {
    for (const [path, compiled] of Object.entries(modules)) {
      const source = this.files[path];
      if (source !== undefined) this.compiled.set(path, { source, compiled });
    }
  }

  /** The exports of the app file at `path` (pages/Home, layout/main, ...); throws its compile, import or evaluation error. */
  require(path: string): Exports {
    const cached = this.records.get(path);
    if (cached) {
      if (cached.error !== null) throw cached.error;
      return cached.exports;
    }
    const source = this.files[path];
    if (source === undefined) throw new Error(`The app has no file ${path}.`);
    const module = { exports: {} as Exports };
    const record: ModuleRecord = { exports: module.exports, deps: new Set(), error: null };
    this.records.set(path, record);
    try {
      const compiled = this.compiledOf(path, source);
      const targets = new Map(compiled.imports.map((spec) => [spec, this.resolve(spec, path, source)]));
      for (const target of targets.values()) if (target.kind === "file") record.deps.add(target.path);
      const requireFrom = (spec: string) => this.load(targets.get(spec) ?? this.resolve(spec, path, source));
      new Function("require", "module", "exports", compiled.code)(requireFrom, module, module.exports);
      record.exports = module.exports;
      return module.exports;
    } catch (err) {
      record.error = err;
      throw err;
    }
  }

  private compiledOf(path: string, source: string): Compiled {
    const cached = this.compiled.get(path);
    if (cached?.source === source) return cached.compiled;
    const compiled = compile(path, source);
    this.compiled.set(path, { source, compiled });
    return compiled;
  }

  private resolve(spec: string, from: string, source: string): Target {
    try {
      return resolveImport(spec, from, this.files);
    } catch (err) {
      if (err instanceof ImportError) err.line = lineOfImport(source, spec);
      throw err;
    }
  }

  private load(target: Target): Exports {
    switch (target.kind) {
      case "file":
        return this.require(target.path);
      case "builtin":
        return this.provider.builtin(target.id);
      case "entity":
        return this.provider.entity(target.name);
      case "function":
        return this.provider.func(target.name);
    }
  }
}

/** The 1-based line of the import of `spec` in a file, for the error report. */
function lineOfImport(source: string, spec: string): number | null {
  const at = source.split("\n").findIndex((line) => line.includes(`"${spec}"`) || line.includes(`'${spec}'`));
  return at < 0 ? null : at + 1;
}
