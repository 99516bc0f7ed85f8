import { mkdirSync, readFileSync, existsSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { StoreData } from "./store.ts";

const DEBOUNCE_MS = 100;

/** Keeps the store in a JSON file: loaded on start, written (temp file + rename) shortly after changes. */
export class Persistence {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private file: string,
    private snapshot: () => StoreData,
    private log: (line: string) => void,
  ) {}

  load(): StoreData | null {
    if (!existsSync(this.file)) return null;
    return JSON.parse(readFileSync(this.file, "utf8")) as StoreData;
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, DEBOUNCE_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.write();
    }
    await this.writing;
  }

  private write(): Promise<void> {
    const text = JSON.stringify(this.snapshot());
    this.writing = this.writing.then(async () => {
      mkdirSync(dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, this.file);
    }).catch((error) => this.log(`stripe stand-in: could not save ${this.file}: ${error instanceof Error ? error.message : error}`));
    return this.writing;
  }
}
