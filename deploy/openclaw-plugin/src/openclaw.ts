/**
 * The part of OpenClaw's plugin API this plugin uses, typed here so the plugin builds
 * without the `openclaw` package (a whole gateway: hundreds of megabytes of deps).
 * `sdk/conformance.ts` checks these types against the real SDK's
 * (`openclaw/plugin-sdk/plugin-entry`): the real gateway's test
 * (tests/api/test_openclaw_gateway.py) compiles it against the pinned package.
 *
 * Followed: OpenClaw's typed plugin hooks as documented in docs/plugins/hooks.md
 * ("Plugin hooks", docs.openclaw.ai/plugins/hooks) for openclaw 2026.x (npm
 * `openclaw` 2026.9.6 when this was written): `definePluginEntry` from
 * "openclaw/plugin-sdk/plugin-entry", `api.on(name, handler, { priority, timeoutMs })`,
 * `before_prompt_build` returning `{ prependContext }`, `message_received` as an
 * observation hook that OpenClaw runs fire-and-forget.
 */

import type { GatewayConfig } from "./senders.js";

export type PluginLogger = {
  info: (message: string) => void;
  warn: (message: string) => void;
};

/** `before_prompt_build`: the prompt of this run and the session's messages. */
export type BeforePromptBuildEvent = {
  prompt: string;
  /** The current request before projection; "" means no textual request; absent on old hosts. */
  currentUserMessage?: string;
  /** Its admission id: the same across rebuilds and retries of one request. */
  currentUserMessageId?: string;
  messages: unknown[];
};

/** What `before_prompt_build` may return; `prependContext` goes before the user prompt. */
export type BeforePromptBuildResult = {
  prependContext?: string;
  appendContext?: string;
  prependSystemContext?: string;
  appendSystemContext?: string;
};

/** `message_received`: an inbound message on any channel. */
export type MessageReceivedEvent = {
  from: string;
  content: string;
  /** Epoch milliseconds. */
  timestamp?: number;
  messageId?: string;
  senderId?: string;
  sessionKey?: string;
  metadata?: Record<string, unknown>;
};

export type MessageContext = {
  channelId?: string;
  accountId?: string;
  conversationId?: string;
  messageId?: string;
};

export type AgentContext = {
  runId?: string;
  /** What started the run: "user", "heartbeat", "cron", ... */
  trigger?: string;
  agentId?: string;
  /** The channel of a channel-originated run, e.g. "telegram". */
  channel?: string;
  messageProvider?: string;
  /** Who sent the run's message, when a channel says. */
  senderId?: string;
  sessionKey?: string;
  channelId?: string;
};

export type HookOptions = { priority?: number; timeoutMs?: number };

export type PluginHooks = {
  before_prompt_build: (
    event: BeforePromptBuildEvent,
    ctx: AgentContext,
  ) => Promise<BeforePromptBuildResult | void>;
  message_received: (event: MessageReceivedEvent, ctx: MessageContext) => Promise<void>;
};

export type PluginApi = {
  id: string;
  /** This plugin's entry of `plugins.entries.<id>.config`, checked against configSchema. */
  pluginConfig?: Record<string, unknown>;
  logger: PluginLogger;
  /** The gateway's whole config; the bridge reads its command owners (src/senders.ts). */
  config?: GatewayConfig;
  /** One signature per hook the plugin registers (the real SDK's `on` is generic over all). */
  on: {
    (name: "before_prompt_build", handler: PluginHooks["before_prompt_build"], opts?: HookOptions): void;
    (name: "message_received", handler: PluginHooks["message_received"], opts?: HookOptions): void;
  };
};

export type PluginEntry = {
  id: string;
  name: string;
  description: string;
  register: (api: PluginApi) => void;
};

/** The SDK's `definePluginEntry` is the identity on this shape; so is this one. */
export function definePluginEntry(entry: PluginEntry): PluginEntry {
  return entry;
}
