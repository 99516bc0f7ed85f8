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
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/api": "http://localhost:4444", "/ws": { target: "ws://localhost:4444", ws: true } } },
});
