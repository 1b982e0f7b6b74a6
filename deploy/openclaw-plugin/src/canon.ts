/** Canon's HTTP API (`canon serve`), the two calls the bridge makes, each with its own timeout. */

import type { CanonConfig } from "./config.js";

/** A message as Canon's POST /v1/messages takes it (schemas/http_api.schema.json). */
export type CanonMessage = { text: string; message_id?: string; at?: string };

export const MAX_TEXT = 10000;

export class CanonUnavailable extends Error {}

/** Canon's context block (GET /v1/context), or "" when it has nothing to say. */
export async function fetchContext(config: CanonConfig): Promise<string> {
  const query = new URLSearchParams();
  if (config.entity) query.set("entity", config.entity);
  if (config.maxTokens) query.set("max_tokens", String(config.maxTokens));
  const suffix = query.size ? `?${query}` : "";
  const body = await call(config, "GET", `/v1/context${suffix}`, config.contextTimeoutMs);
  const text = (body as { text?: unknown }).text;
  return typeof text === "string" ? text.trim() : "";
}

/** Post one inbound message (POST /v1/messages); Canon extracts and resolves it. */
export async function postMessage(config: CanonConfig, message: CanonMessage): Promise<void> {
  await call(config, "POST", "/v1/messages", config.ingestTimeoutMs, message);
}

async function call(
  config: CanonConfig,
  method: "GET" | "POST",
  path: string,
  timeoutMs: number,
  json?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.token}`,
    Accept: "application/json",
  };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  let body: unknown;
  try {
    // One signal for the whole exchange: connecting, waiting and reading the body.
    const signal = AbortSignal.timeout(timeoutMs);
    const init: RequestInit = { method, headers, signal };
    if (json !== undefined) init.body = JSON.stringify(json);
    response = await fetch(`${config.canonUrl}${path}`, init);
    body = await response.json().catch(() => null);
  } catch (e) {
    const why = e instanceof Error && e.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : reason(e);
    throw new CanonUnavailable(`${method} ${path}: ${why}`);
  }
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | null)?.detail;
    throw new CanonUnavailable(`${method} ${path}: ${response.status} ${typeof detail === "string" ? detail : ""}`.trim());
  }
  return body ?? {};
}

function reason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${e.message} (${cause.message})` : e.message;
}
