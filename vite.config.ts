import path from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      autoCodeSplitting: true,
    }),
    react(),
  ],
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: true,
    // Two pages: the builder SPA, and the app runtime (web/runtime/) that app hosts serve as dist/runtime/index.html.
    rolldownOptions: { input: { main: path.resolve(import.meta.dirname, "web/index.html"), runtime: path.resolve(import.meta.dirname, "web/runtime/index.html") } },
  },
  server: { proxy: { "/api": "http://localhost:4444", "/ws": { target: "ws://localhost:4444", ws: true } } },
});
