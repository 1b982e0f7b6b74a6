/**
 * Canon's bridge for OpenClaw: before each prompt is built, Canon's context block
 * (what is true about the user now) goes before the user's prompt; each inbound
 * message goes to Canon, which extracts, resolves and asks about what changed.
 *
 * Every turn reaches Canon once: `message_received` posts a channel's inbound message,
 * and `before_prompt_build` posts the turn's current user message (`currentUserMessage`,
 * by its admission id) when no `message_received` brought the same text, as for
 * `openclaw agent --message`. Each admission id is posted once, and Canon drops a
 * message id it has seen.
 *
 * Canon is never in the way: the context waits at most `contextTimeoutMs`
 * (2 s by default, well under OpenClaw's hook budget), a turn's message is posted
 * without the prompt waiting for it, and a turn without Canon is a turn without its
 * context; a message Canon cannot take is logged and dropped.
 *
 * Only the user's words are posted (src/senders.ts): a message from any other sender (a
 * group member, a stranger who found the bot) is not, and is logged once per sender.
 * And the user's state goes only where the user alone reads the reply (src/audience.ts):
 * no context block in a group's or a channel's turn, nor in a turn another sender started.
 */

import { sharedConversation } from "./audience.js";
import { fetchContext, MAX_TEXT, postMessage, type CanonMessage } from "./canon.js";
import { readConfig, type CanonConfig } from "./config.js";
import { fromUser, logged, senderName, userSenders } from "./senders.js";
import {
  definePluginEntry,
  type AgentContext,
  type BeforePromptBuildEvent,
  type BeforePromptBuildResult,
  type MessageContext,
  type MessageReceivedEvent,
  type PluginLogger,
} from "./openclaw.js";

/** How long a message_received text stands for the turn it starts. */
export const SAME_TURN_MS = 10 * 60 * 1000;
/** How many texts and admission ids are remembered (the oldest are forgotten). */
export const REMEMBERED = 500;

export type Bridge = {
  beforePromptBuild: (
    event?: BeforePromptBuildEvent,
    ctx?: AgentContext,
  ) => Promise<BeforePromptBuildResult | undefined>;
  messageReceived: (event: MessageReceivedEvent, ctx: MessageContext) => Promise<void>;
};

/** What the hooks remember of the turns they posted. */
export type Memory = {
  /** text -> when message_received posted it */
  received: Map<string, number>;
  /** turn message ids already posted */
  admitted: Set<string>;
  /** text -> when message_received had it from someone other than the user */
  othersSaid: Map<string, number>;
};

export function newMemory(): Memory {
  return { received: new Map(), admitted: new Set(), othersSaid: new Map() };
}

/**
 * The process's one memory: OpenClaw registers the plugin more than once in a gateway
 * (channels and agent runs each load the registry), and a message one registration's
 * `message_received` posted must keep another's `before_prompt_build` from posting it again.
 */
export function sharedMemory(): Memory {
  const key = Symbol.for("canon-bridge.memory");
  const global = globalThis as unknown as Record<symbol, Memory | undefined>;
  return (global[key] ??= newMemory());
}

/** The two hook handlers; neither ever throws. */
export function bridge(
  config: CanonConfig,
  log: PluginLogger,
  now: () => number = Date.now,
  memory: Memory = newMemory(),
): Bridge {
  const { received, admitted, othersSaid } = memory;
  const senders = config.userSenders ?? [];
  const refused = new Set<string>();
  const withheld = new Set<string>();

  /** Why the turn's reply is not the user's alone to read (logged once per conversation), or undefined. */
  function readByOthers(run: AgentContext, text: string | undefined, at: number): string | undefined {
    const channel = run.channel ?? run.messageProvider;
    const why = sharedConversation(run.sessionKey)
      ? `${logged(run.sessionKey ?? "")} is a group or a channel: others read the reply`
      : !fromUser(senders, channel, run.senderId) || (text !== undefined && fresh(othersSaid, text, at))
        ? `the turn was started by someone else (${logged(senderName(channel, run.senderId ?? "a sender"))}), who reads the reply`
        : undefined;
    if (why !== undefined && !withheld.has(why)) {
      remember(withheld, why);
      log.info(`canon-bridge: no Canon context for this turn: ${why}`);
    }
    return why;
  }

  /** The user's message, or false (logged once per sender) for anyone else's. */
  function theUsers(channel: string | undefined, senderId: string | undefined): boolean {
    if (fromUser(senders, channel, senderId)) return true;
    const who = logged(senderName(channel, senderId ?? "")); // a stranger chose it: one line
    if (!refused.has(who)) {
      remember(refused, who);
      log.warn(
        `canon-bridge: messages from ${who} are not sent to Canon: not one of the user's senders ` +
          `(${senders.length ? senders.map(logged).join(", ") : "none set"}; set userSenders or commands.ownerAllowFrom)`,
      );
    }
    return false;
  }

  async function post(posted: CanonMessage): Promise<void> {
    try {
      await postMessage(config, posted);
    } catch (e) {
      log.warn(`canon-bridge: Canon did not take the message (${message(e)})`);
    }
  }

  return {
    async beforePromptBuild(event, ctx) {
      const started = now();
      const run = ctx ?? {};
      const turn = event ? turnMessage(event, run) : undefined;
      if (
        turn &&
        !admitted.has(turn.message_id) &&
        !fresh(received, turn.text, started) &&
        theUsers(run.channel ?? run.messageProvider, run.senderId)
      ) {
        remember(admitted, turn.message_id);
        void post(turn); // the prompt does not wait for Canon to take it
      }
      const said = event ? (event.currentUserMessage ?? event.prompt ?? "").trim().slice(0, MAX_TEXT) : undefined;
      if (readByOthers(run, said || undefined, started) !== undefined) return undefined;
      try {
        const text = await fetchContext(config);
        return text ? { prependContext: text } : undefined;
      } catch (e) {
        log.warn(`canon-bridge: no Canon context this turn (${message(e)}; ${now() - started} ms)`);
        return undefined;
      }
    },
    async messageReceived(event, ctx) {
      const posted = canonMessage(event, ctx);
      if (posted === undefined) return;
      // Before any await: the turn may start next. Remembered for anyone's message, so that
      // the turn it starts does not post another sender's text as the user's.
      remember(received, posted.text, now());
      if (theUsers(ctx.channelId, event.senderId)) await post(posted);
      else remember(othersSaid, posted.text, now());
    },
  };
}

/**
 * The one trigger of a user's turn (a host that names none is an older one, whose runs
 * are the user's). Every other run is one OpenClaw started for itself, with a prompt it
 * wrote: a heartbeat or cron job, a memory flush, active memory's recall run ("manual",
 * the conversation with the assistant's words as its context), a compaction on overflow, a
 * skill's or an update's run, and any trigger a newer OpenClaw adds. Posted, each was read
 * as the user's own message (a list of the runs not to post missed "manual" and "overflow").
 */
export const USER_TURN = "user";

/**
 * The turn's current user message as Canon takes it, by its admission id. A host that
 * omits `currentUserMessage` (OpenClaw's embedded runner, which serves `openclaw agent`)
 * gives the run's prompt instead, by the run's id. Undefined without text, without an id
 * (a message without one could be posted twice), or for a run no user started.
 */
export function turnMessage(
  event: BeforePromptBuildEvent,
  ctx: AgentContext,
): (CanonMessage & { message_id: string }) | undefined {
  if (ctx.trigger !== undefined && ctx.trigger !== USER_TURN) return undefined;
  const legacy = event.currentUserMessage === undefined;
  const raw = legacy ? event.prompt : event.currentUserMessage;
  const text = (raw ?? "").trim().slice(0, MAX_TEXT);
  const id = legacy ? ctx.runId && `run:${ctx.runId}` : event.currentUserMessageId;
  if (!text || !id) return undefined;
  return { text, message_id: scopedId(`openclaw:${ctx.channelId ?? "agent"}:turn:${id}`) };
}

function fresh(received: Map<string, number>, text: string, at: number): boolean {
  const when = received.get(text);
  return when !== undefined && at - when <= SAME_TURN_MS;
}

function remember<K>(memory: Map<K, number> | Set<K>, key: K, at = 0): void {
  memory.delete(key); // newest last
  if (memory instanceof Map) memory.set(key, at);
  else memory.add(key);
  if (memory.size > REMEMBERED) {
    const oldest = memory.keys().next();
    if (!oldest.done) memory.delete(oldest.value);
  }
}

/** Canon's message ids: [A-Za-z0-9._:-]{1,128}; the same message again is a duplicate. */
function scopedId(raw: string): string {
  return raw.replace(/[^A-Za-z0-9._:-]/g, "_").slice(0, 128);
}

/** The inbound message as Canon takes it; undefined when there is no text. */
export function canonMessage(event: MessageReceivedEvent, ctx: MessageContext): CanonMessage | undefined {
  const text = (event.content ?? "").trim().slice(0, MAX_TEXT);
  if (!text) return undefined;
  const posted: CanonMessage = { text };
  const id = event.messageId ?? ctx.messageId;
  if (id) posted.message_id = scopedId(`openclaw:${ctx.channelId ?? "chat"}:${id}`);
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
    const given = readConfig(api.pluginConfig);
    const config = { ...given, userSenders: userSenders(given.userSenders, api.config) };
    const hooks = bridge(config, api.logger, Date.now, sharedMemory());
    // OpenClaw's own budget for the hook backs up the fetch's timeout: a turn never
    // waits for Canon more than contextTimeoutMs and a little (2.4 s by default).
    api.on("before_prompt_build", hooks.beforePromptBuild, {
      timeoutMs: config.contextTimeoutMs + 400,
    });
    api.on("message_received", hooks.messageReceived, { timeoutMs: config.ingestTimeoutMs + 1000 });
    const users = config.userSenders.length ? config.userSenders.map(logged).join(", ") : "none set";
    api.logger.info(`canon-bridge: Canon at ${config.canonUrl}; the user's senders: ${users}`);
  },
});
