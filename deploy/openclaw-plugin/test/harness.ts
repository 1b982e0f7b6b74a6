/**
 * The built plugin as OpenClaw would drive it, for the end-to-end test against a live
 * `canon serve`: registers the entry with a stand-in API, then (if given) delivers an
 * inbound message to `message_received` and builds one prompt with `before_prompt_build`.
 *
 *   CANON_URL=... CANON_TOKEN=... node dist/test/harness.js '{"content": "...", "messageId": "m1"}'
 *
 * Prints one JSON line: the hook's result (null for none) and what the plugin logged.
 */

import entry from "../src/index.js";
import type { HookOptions, PluginApi, PluginHooks } from "../src/openclaw.js";

const handlers: Partial<PluginHooks> = {};
const options: Record<string, HookOptions | undefined> = {};
const warnings: string[] = [];
const api: PluginApi = {
  id: "canon-bridge",
  pluginConfig: {
    canonUrl: process.env["CANON_URL"],
    token: process.env["CANON_TOKEN"],
    ...(process.env["CANON_CONTEXT_TIMEOUT_MS"] ? { contextTimeoutMs: Number(process.env["CANON_CONTEXT_TIMEOUT_MS"]) } : {}),
    ...(process.env["CANON_INGEST_TIMEOUT_MS"] ? { ingestTimeoutMs: Number(process.env["CANON_INGEST_TIMEOUT_MS"]) } : {}),
  },
  logger: { info: () => {}, warn: (m) => void warnings.push(m) },
  on: (name: keyof PluginHooks, handler: unknown, opts?: HookOptions) => {
    (handlers as Record<string, unknown>)[name] = handler;
    options[name] = opts;
  },
};

entry.register(api);
const inbound = process.argv[2];
if (inbound) {
  const message = { from: "telegram:42", ...JSON.parse(inbound) };
  await handlers.message_received?.(message, { channelId: "telegram" });
}
const context = await handlers.before_prompt_build?.({ prompt: "Where am I?", messages: [] }, {});
console.log(JSON.stringify({ context: context ?? null, warnings, options }));
