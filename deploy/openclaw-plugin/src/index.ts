/**
 * Canon's bridge for OpenClaw: before each prompt is built, Canon's context block
 * (what is true about the user now) goes before the user's prompt; each inbound
 * message goes to Canon, which extracts, resolves and asks about what changed.
 *
 * Canon is never in the way: the context waits at most `contextTimeoutMs`
 * (2 s by default, well under OpenClaw's hook budget) and a turn without Canon
 * is a turn without its context; a message Canon cannot take is logged and dropped.
 */

import { fetchContext, MAX_TEXT, postMessage, type CanonMessage } from "./canon.js";
import { readConfig, type CanonConfig } from "./config.js";
import {
  definePluginEntry,
  type BeforePromptBuildResult,
  type MessageContext,
  type MessageReceivedEvent,
  type PluginLogger,
} from "./openclaw.js";

export type Bridge = {
  beforePromptBuild: () => Promise<BeforePromptBuildResult | undefined>;
  messageReceived: (event: MessageReceivedEvent, ctx: MessageContext) => Promise<void>;
};

/** The two hook handlers; neither ever throws. */
export function bridge(config: CanonConfig, log: PluginLogger): Bridge {
  return {
    async beforePromptBuild() {
      try {
        const text = await fetchContext(config);
        return text ? { prependContext: text } : undefined;
      } catch (e) {
        log.warn(`canon-bridge: no Canon context this turn (${message(e)})`);
        return undefined;
      }
    },
    async messageReceived(event, ctx) {
      const posted = canonMessage(event, ctx);
      if (posted === undefined) return;
      try {
        await postMessage(config, posted);
      } catch (e) {
        log.warn(`canon-bridge: Canon did not take the message (${message(e)})`);
      }
    },
  };
}

/** The inbound message as Canon takes it; undefined when there is no text. */
export function canonMessage(event: MessageReceivedEvent, ctx: MessageContext): CanonMessage | undefined {
  const text = (event.content ?? "").trim().slice(0, MAX_TEXT);
  if (!text) return undefined;
  const posted: CanonMessage = { text };
  const id = event.messageId ?? ctx.messageId;
  if (id) {
    // Canon's message ids: [A-Za-z0-9._:-]{1,128}; the same message again is a duplicate.
    const scoped = `openclaw:${ctx.channelId ?? "chat"}:${id}`.replace(/[^A-Za-z0-9._:-]/g, "_");
    posted.message_id = scoped.slice(0, 128);
  }
  if (typeof event.timestamp === "number" && Number.isFinite(event.timestamp)) {
    posted.at = new Date(event.timestamp).toISOString();
  }
  return posted;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export default definePluginEntry({
  id: "canon-bridge",
  name: "Canon",
  description: "Canon's context before every prompt; every inbound message to Canon.",
  register(api) {
    const config = readConfig(api.pluginConfig);
    const hooks = bridge(config, api.logger);
    // OpenClaw's own budget for the hook backs up the fetch's timeout.
    api.on("before_prompt_build", hooks.beforePromptBuild, {
      timeoutMs: config.contextTimeoutMs + 1000,
    });
    api.on("message_received", hooks.messageReceived, { timeoutMs: config.ingestTimeoutMs + 1000 });
    api.logger.info(`canon-bridge: Canon at ${config.canonUrl}`);
  },
});
