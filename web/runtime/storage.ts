/**
 * In the editor's frame the app is on another site than the page around it, and
 * browsers that block third-party storage throw on any use of localStorage. The
 * SDK keeps its token there and apps keep their own state there, so the frame gets
 * a storage that lasts as long as the page (the editor passes the token again on
 * every load). A published app, opened on its own, keeps the real one.
 */
export function ensureStorage() {
  for (const name of ["localStorage", "sessionStorage"] as const) {
    try {
      window[name].getItem("kiln");
    } catch {
      Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
    }
  }
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
