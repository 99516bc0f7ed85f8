export * from "./auth";
export * from "./errors";
export * from "./jobs";
export * from "./realtime";
export * from "./user";
