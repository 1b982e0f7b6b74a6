/**
 * The plugin against the real OpenClaw SDK, not the local copy of its types (src/openclaw.ts):
 * compiled (never built or shipped) by the real gateway's test, with `openclaw` resolved to
 * the pinned package (tests/api/test_openclaw_gateway.py). It fails to compile when the
 * local types promise more than the real SDK gives or take less than it passes.
 */

import type { OpenClawPluginApi, OpenClawPluginDefinition } from "openclaw/plugin-sdk/plugin-entry";

import entry, { type Bridge } from "../src/index.js";
import type { PluginApi } from "../src/openclaw.js";

/** Everything the plugin uses of the API, the real API has, with the types it uses. */
export const api = (real: OpenClawPluginApi): PluginApi => real;

/** The real host takes the plugin's entry as its definition. */
export const definition: OpenClawPluginDefinition = entry;

/** The handlers fit the real hooks' signatures. */
export function register(real: OpenClawPluginApi, hooks: Bridge): void {
  real.on("before_prompt_build", hooks.beforePromptBuild, { timeoutMs: 2400 });
  real.on("message_received", hooks.messageReceived, { timeoutMs: 6000 });
}
