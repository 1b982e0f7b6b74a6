/** The plugin's settings, read from OpenClaw's `plugins.entries.canon-bridge.config`. */

export type CanonConfig = {
  canonUrl: string;
  token: string;
  entity?: string;
  contextTimeoutMs: number;
  ingestTimeoutMs: number;
  maxTokens?: number;
  /** The user's senders, `<channel>:<id>` (src/senders.ts); absent: the gateway's owners. */
  userSenders?: string[];
};

export const DEFAULT_CONTEXT_TIMEOUT_MS = 2000;
export const DEFAULT_INGEST_TIMEOUT_MS = 5000;

export class ConfigError extends Error {}

/**
 * The config, checked again here (OpenClaw validates it against the manifest's
 * configSchema; a plugin loaded some other way gets the same clear message).
 */
export function readConfig(raw: Record<string, unknown> | undefined): CanonConfig {
  const given = raw ?? {};
  const canonUrl = given["canonUrl"];
  const token = given["token"];
  if (typeof canonUrl !== "string" || !/^https?:\/\//.test(canonUrl)) {
    throw new ConfigError("canon-bridge: set canonUrl, e.g. http://127.0.0.1:8787");
  }
  if (typeof token !== "string" || token === "") {
    throw new ConfigError("canon-bridge: set token (canon token create --entity user:you)");
  }
  const config: CanonConfig = {
    canonUrl: canonUrl.replace(/\/+$/, "").replace(/\/v1$/, ""),
    token,
    contextTimeoutMs: whole(given["contextTimeoutMs"], DEFAULT_CONTEXT_TIMEOUT_MS, "contextTimeoutMs"),
    ingestTimeoutMs: whole(given["ingestTimeoutMs"], DEFAULT_INGEST_TIMEOUT_MS, "ingestTimeoutMs"),
  };
  const entity = given["entity"];
  if (entity !== undefined) {
    if (typeof entity !== "string" || !/^(user|family|team):[a-z0-9._-]+$/.test(entity)) {
      throw new ConfigError("canon-bridge: entity looks like user:alice");
    }
    config.entity = entity;
  }
  const senders = given["userSenders"];
  if (senders !== undefined) {
    if (!Array.isArray(senders) || !senders.every((s) => typeof s === "string" && s.trim() !== "")) {
      throw new ConfigError("canon-bridge: userSenders is a list like [\"telegram:123456789\"]");
    }
    config.userSenders = senders.map((s: string) => s.trim());
  }
  if (given["maxTokens"] !== undefined) {
    config.maxTokens = whole(given["maxTokens"], 0, "maxTokens");
  }
  return config;
}

function whole(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`canon-bridge: ${name} must be a positive whole number`);
  }
  return value;
}
