import assert from "node:assert/strict";
import { createServer } from "node:net";
import { afterEach, describe, test } from "node:test";

import { readConfig, type CanonConfig } from "../src/config.js";
import entry, { bridge, canonMessage, sharedMemory } from "../src/index.js";
import type { HookOptions, PluginApi } from "../src/openclaw.js";
import { sharedConversation } from "../src/audience.js";
import { fromUser, logged, MAX_LOGGED, userSenders } from "../src/senders.js";
import { FakeCanon, json, Logs, silence } from "./fake-canon.js";

const running: FakeCanon[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.stop()));
});

async function canon(reply: Parameters<typeof FakeCanon.start>[0]): Promise<FakeCanon> {
  const fake = await FakeCanon.start(reply);
  running.push(fake);
  return fake;
}

function config(url: string, extra: Partial<CanonConfig> = {}): CanonConfig {
  return { ...readConfig({ canonUrl: url, token: "secret" }), ...extra };
}

/** A port where nothing listens. */
async function closedUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const event = { prompt: "where am I?", messages: [] };

describe("before_prompt_build", () => {
  test("prepends Canon's context block, asked with the token, entity and budget", async () => {
    const fake = await canon(json(200, { text: "Travel: in Tahoe\n", tokens: 5, facts_shown: 1, facts_omitted: 0 }));
    const hooks = bridge(config(fake.url, { entity: "user:alice", maxTokens: 300 }), new Logs());
    assert.deepEqual(await hooks.beforePromptBuild(), { prependContext: "Travel: in Tahoe" });
    const [seen] = fake.seen;
    assert.equal(seen?.url, "/v1/context?entity=user%3Aalice&max_tokens=300");
    assert.equal(seen?.headers.authorization, "Bearer secret");
  });

  test("adds nothing when Canon knows nothing", async () => {
    const fake = await canon(json(200, { text: "", tokens: 0, facts_shown: 0, facts_omitted: 0 }));
    assert.equal(await bridge(config(fake.url), new Logs()).beforePromptBuild(), undefined);
  });

  const failures: [string, () => Promise<string>, RegExp][] = [
    ["Canon is down", closedUrl, /no Canon context this turn/],
    ["Canon hangs", async () => (await canon(silence)).url, /no answer in 200 ms/],
    ["the token is refused", async () => (await canon(json(401, { detail: "unknown or revoked token" }))).url, /401 unknown or revoked token/],
    ["Canon fails", async () => (await canon(json(503, { detail: "try again later" }))).url, /503/],
  ];
  for (const [when, url, warning] of failures) {
    test(`goes on without context when ${when}`, async () => {
      const logs = new Logs();
      const hooks = bridge(config(await url(), { contextTimeoutMs: 200 }), logs);
      assert.equal(await hooks.beforePromptBuild(), undefined);
      assert.equal(logs.warnings.length, 1);
      assert.match(logs.warnings[0] ?? "", warning);
    });
  }
});

describe("message_received", () => {
  test("posts the inbound message with a stable id and its time", async () => {
    const fake = await canon(json(200, { observations: 1, outcomes: [], questions: [] }));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.messageReceived(
      { from: "telegram:42", content: " I moved to Oakland ", messageId: "m/1", timestamp: Date.UTC(2026, 0, 2, 3, 4, 5) },
      { channelId: "telegram" },
    );
    assert.equal(fake.seen[0]?.url, "/v1/messages");
    assert.equal(fake.seen[0]?.headers["content-type"], "application/json");
    assert.deepEqual(fake.seen[0]?.body, {
      text: "I moved to Oakland",
      message_id: "openclaw:telegram:m_1",
      at: "2026-01-02T03:04:05.000Z",
    });
  });

  test("sends nothing for a message without text", async () => {
    const fake = await canon(json(200, {}));
    await bridge(config(fake.url), new Logs()).messageReceived({ from: "x", content: "  " }, {});
    assert.equal(fake.seen.length, 0);
  });

  test("never throws when Canon cannot take it", async () => {
    const logs = new Logs();
    const hooks = bridge(config(await closedUrl(), { ingestTimeoutMs: 200 }), logs);
    await hooks.messageReceived({ from: "x", content: "I moved to Oakland" }, {});
    assert.match(logs.warnings[0] ?? "", /Canon did not take the message/);
  });
});

describe("only the user's words (src/senders.ts)", () => {
  const posts = (fake: FakeCanon) => fake.seen.filter((s) => s.url === "/v1/messages").map((s) => s.body);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
  const said = (senderId: string, content: string, messageId: string) => ({
    from: "group:family",
    content,
    messageId,
    senderId,
  });

  test("a group member's message is not posted, and is logged once per sender", async () => {
    const fake = await canon(json(200, {}));
    const logs = new Logs();
    const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), logs);
    await hooks.messageReceived(said("77", "I'm back in Portland", "g1"), { channelId: "telegram" });
    await hooks.messageReceived(said("77", "ignore that, I'm in Reno", "g2"), { channelId: "telegram" });
    await hooks.messageReceived(said("42", "We are in Tahoe", "g3"), { channelId: "telegram" });
    assert.deepEqual(posts(fake), [{ text: "We are in Tahoe", message_id: "openclaw:telegram:g3" }]);
    assert.equal(logs.warnings.length, 1);
    assert.match(logs.warnings[0] ?? "", /telegram:77 are not sent to Canon: not one of the user's senders \(telegram:42;/);
    assert.doesNotMatch(logs.warnings[0] ?? "", /Portland/, "the log names the sender, not what they said");
  });

  test("the turn another sender's message starts posts nothing either", async () => {
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), new Logs());
    await hooks.messageReceived(said("77", "we got back home", "g4"), { channelId: "telegram" });
    // A host that gives the run no sender: the text is known as the stranger's already.
    await hooks.beforePromptBuild({ prompt: "", messages: [], currentUserMessage: "we got back home", currentUserMessageId: "a1" }, {});
    // A host that does give it.
    await hooks.beforePromptBuild(
      { prompt: "", messages: [], currentUserMessage: "we are in Reno", currentUserMessageId: "a2" },
      { channel: "telegram", senderId: "77" },
    );
    await settled();
    assert.deepEqual(posts(fake), []);
  });

  test("no user sender set: only the operator's own surfaces (the gateway's chat, no sender id) are posted", async () => {
    const fake = await canon(json(200, {}));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.messageReceived(said("42", "I moved to Oakland", "n1"), { channelId: "telegram" });
    await hooks.messageReceived(
      { from: "webchat:cli", senderId: "cli", content: "We are in Reno now", messageId: "n2" },
      { channelId: "webchat" },
    );
    await hooks.messageReceived({ from: "x", content: "Back home", messageId: "n3" }, { channelId: "telegram" });
    assert.deepEqual(posts(fake), [
      { text: "We are in Reno now", message_id: "openclaw:webchat:n2" },
      { text: "Back home", message_id: "openclaw:telegram:n3" },
    ]);
  });

  const table: [string[], string | undefined, string | undefined, boolean][] = [
    [["telegram:42"], "telegram", "42", true],
    [["Telegram:42"], "telegram", "42", true],
    [["telegram:42"], "telegram", "telegram:42", true],
    [["42"], "discord", "42", true], // a bare id, as OpenClaw's own owner lists allow
    [["telegram:42"], "discord", "42", false], // the same number on another channel is someone else
    [["telegram:42"], "telegram", "420", false],
    [["telegram:42"], undefined, "42", false],
    [[], "telegram", "42", false],
    [[], "webchat", "cli", true], // the gateway's own chat: clients holding its token
    [[], "telegram", undefined, true],
  ];
  for (const [senders, channel, id, expected] of table) {
    test(`${id} on ${channel ?? "no channel"} with ${JSON.stringify(senders)}: ${expected ? "the user" : "not the user"}`, () => {
      assert.equal(fromUser(senders, channel, id), expected);
    });
  }

  test("the user's senders: configured ones, else the gateway's owners, never wildcards", () => {
    const gateway = { commands: { ownerAllowFrom: ["telegram:42", 99, "*", "discord:*"] } };
    assert.deepEqual(userSenders(undefined, gateway), ["telegram:42", "99"]);
    assert.deepEqual(userSenders(["signal:+15550100"], gateway), ["signal:+15550100"]);
    assert.deepEqual(userSenders(undefined, {}), []);
    assert.deepEqual(userSenders(undefined, undefined), []);
  });
});

describe("the user's state only where the user alone reads the reply (src/audience.ts)", () => {
  const block = { text: "Travel: in Tahoe\nBills: Chase 120 USD\n", tokens: 9, facts_shown: 2, facts_omitted: 0 };
  const contexts = (fake: FakeCanon) => fake.seen.filter((s) => s.url.startsWith("/v1/context")).length;
  const asked = { prompt: "", messages: [], currentUserMessage: "where is everyone?", currentUserMessageId: "q1" };

  const turns: [string, Record<string, string>, boolean][] = [
    ["the user's direct chat", { channel: "telegram", senderId: "42", sessionKey: "agent:main:main" }, true],
    ["the gateway's own chat", { channel: "webchat", sessionKey: "main" }, true],
    ["a run without a channel (openclaw agent)", {}, true],
    ["the user's own message in a family group", { channel: "telegram", senderId: "42", sessionKey: "agent:main:telegram:group:-1001234" }, false],
    ["a forum topic of a group", { channel: "telegram", senderId: "42", sessionKey: "agent:main:telegram:group:-1001234:topic:42" }, false],
    ["a Discord channel's thread", { channel: "discord", senderId: "42", sessionKey: "agent:main:discord:channel:123:thread:9" }, false],
    ["a group's key without the agent part", { channel: "whatsapp", senderId: "42", sessionKey: "whatsapp:group:1203@g.us" }, false],
    ["a stranger's direct message", { channel: "telegram", senderId: "77", sessionKey: "agent:main:main" }, false],
  ];
  for (const [where, ctx, shown] of turns) {
    test(`${where}: ${shown ? "the context block" : "no context block, and Canon is not asked for it"}`, async () => {
      const fake = await canon(json(200, block));
      const logs = new Logs();
      const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), logs);
      const result = await hooks.beforePromptBuild(asked, ctx);
      assert.deepEqual(result, shown ? { prependContext: block.text.trim() } : undefined);
      assert.equal(contexts(fake), shown ? 1 : 0);
      if (!shown) assert.match(logs.infos.join("\n"), /no Canon context for this turn: /);
    });
  }

  test("a turn a group member's message started, on a host that names no sender, gets no context", async () => {
    const fake = await canon(json(200, block));
    const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), new Logs());
    await hooks.messageReceived({ from: "x", content: "where is everyone?", messageId: "g9", senderId: "77" }, { channelId: "telegram" });
    assert.equal(await hooks.beforePromptBuild(asked, {}), undefined);
    assert.equal(contexts(fake), 0);
  });

  test("the reason is logged once per conversation, never what was said", async () => {
    const fake = await canon(json(200, block));
    const logs = new Logs();
    const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), logs);
    const group = { channel: "telegram", senderId: "42", sessionKey: "agent:main:telegram:group:-1001234" };
    await hooks.beforePromptBuild(asked, group);
    await hooks.beforePromptBuild({ ...asked, currentUserMessageId: "q2" }, group);
    const said = logs.infos.filter((m) => m.includes("no Canon context"));
    assert.equal(said.length, 1);
    assert.match(said[0] ?? "", /agent:main:telegram:group:-1001234 is a group or a channel/);
    assert.doesNotMatch(said[0] ?? "", /where is everyone/);
  });

  const keys: [string | undefined, boolean][] = [
    ["agent:main:telegram:group:-100", true],
    ["agent:main:slack:channel:C01", true],
    ["telegram:group:-100", true],
    ["agent:main:main", false],
    ["main", false],
    ["agent:main:telegram:direct:42", false],
    ["agent:main:telegram:group:", false],
    [undefined, false],
  ];
  for (const [key, shared] of keys) {
    test(`session key ${key}: ${shared ? "shared" : "not shared"}`, () => {
      assert.equal(sharedConversation(key), shared);
    });
  }
});

describe("the turn's own message (before_prompt_build)", () => {
  const turn = (id: string | undefined, text = "We are in Tahoe") => ({
    prompt: `[history]\n${text}`,
    messages: [],
    currentUserMessage: ` ${text} `,
    ...(id === undefined ? {} : { currentUserMessageId: id }),
  });
  const posts = (fake: FakeCanon) => fake.seen.filter((s) => s.url === "/v1/messages").map((s) => s.body);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  test("posts a turn no message_received brought, once per admission id", async () => {
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.beforePromptBuild(turn("adm/1"), {});
    await hooks.beforePromptBuild(turn("adm/1"), {}); // a rebuild or retry of the same request
    await settled();
    assert.deepEqual(posts(fake), [{ text: "We are in Tahoe", message_id: "openclaw:agent:turn:adm_1" }]);
  });

  test("leaves a turn message_received already posted to it", async () => {
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.messageReceived({ from: "web", content: "We are in Tahoe", messageId: "k-1" }, { channelId: "webchat" });
    await hooks.beforePromptBuild(turn("adm-2"), { channelId: "webchat" });
    await settled();
    assert.deepEqual(posts(fake), [{ text: "We are in Tahoe", message_id: "openclaw:webchat:k-1" }]);
  });

  test("registrations of one process share what they posted", async () => {
    const fake = await canon(json(200, { text: "" }));
    const channels = bridge(config(fake.url), new Logs(), Date.now, sharedMemory());
    const runs = bridge(config(fake.url), new Logs(), Date.now, sharedMemory());
    await channels.messageReceived({ from: "web", content: "Shared turn", messageId: "k-9" }, { channelId: "webchat" });
    await runs.beforePromptBuild({ prompt: "Shared turn", messages: [] }, { runId: "k-9" });
    await settled();
    assert.deepEqual(posts(fake), [{ text: "Shared turn", message_id: "openclaw:webchat:k-9" }]);
  });

  test("a host without currentUserMessage: the run's prompt, by the run's id", async () => {
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.beforePromptBuild({ prompt: " We are in Reno ", messages: [] }, { runId: "r1", trigger: "user" });
    await hooks.beforePromptBuild({ prompt: "We are in Reno", messages: [] }, { runId: "r1" });
    await hooks.beforePromptBuild({ prompt: "Check the calendar", messages: [] }, { runId: "r2", trigger: "heartbeat" });
    await settled();
    assert.deepEqual(posts(fake), [{ text: "We are in Reno", message_id: "openclaw:agent:turn:run:r1" }]);
  });

  test("a run OpenClaw starts for itself posts nothing: only a user's turn is the user's words", async () => {
    // OpenClaw runs its own agents through the same hooks: active memory's recall run
    // (trigger "manual") has a prompt OpenClaw wrote, with the conversation (the
    // assistant's words too) as its context; a compaction on overflow, a skill's or an
    // update's repair run likewise. Posted, each was read as the user's own message.
    const recall = [
      "You are a memory search agent.",
      "Conversation context:",
      "assistant: You're leaving for Tahoe on Sunday.",
      "user: thanks",
    ].join("\n");
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url), new Logs());
    for (const [i, trigger] of ["manual", "overflow", "memory", "campaign", "cli", "a-new-kind"].entries()) {
      await hooks.beforePromptBuild({ prompt: recall, messages: [] }, { runId: `own-${i}`, trigger });
      await hooks.beforePromptBuild(
        { prompt: recall, currentUserMessage: recall, currentUserMessageId: `adm-own-${i}`, messages: [] },
        { runId: `own-msg-${i}`, trigger },
      );
    }
    await hooks.beforePromptBuild({ prompt: "We are in Reno", messages: [] }, { runId: "mine", trigger: "user" });
    await settled();
    assert.deepEqual(posts(fake), [{ text: "We are in Reno", message_id: "openclaw:agent:turn:run:mine" }]);
  });

  test("posts nothing without text or without an admission id", async () => {
    const fake = await canon(json(200, { text: "" }));
    const hooks = bridge(config(fake.url), new Logs());
    await hooks.beforePromptBuild(turn(undefined), {});
    await hooks.beforePromptBuild(turn("adm-3", "  "), {});
    await hooks.beforePromptBuild({ prompt: "hi", messages: [] }, {});
    await settled();
    assert.deepEqual(posts(fake), []);
  });

  test("the prompt does not wait for the post", async () => {
    const fake = await canon((seen, res) => {
      if (seen.url === "/v1/messages") return; // never answers the post
      json(200, { text: "Travel: in Tahoe" })(seen, res);
    });
    const hooks = bridge(config(fake.url, { ingestTimeoutMs: 60000 }), new Logs());
    assert.deepEqual(await hooks.beforePromptBuild(turn("adm-4"), {}), { prependContext: "Travel: in Tahoe" });
  });
});

test("a message Canon takes: the text within its limit, the id within its alphabet", () => {
  const long = canonMessage({ from: "x", content: "a".repeat(20000), messageId: "é".repeat(200) }, { channelId: "web chat" });
  assert.equal(long?.text.length, 10000);
  assert.match(long?.message_id ?? "", /^[A-Za-z0-9._:-]{1,128}$/);
  assert.equal(canonMessage({ from: "x", content: "hi" }, {})?.message_id, undefined);
});

describe("the plugin entry", () => {
  function fakeApi(pluginConfig: Record<string, unknown>, gateway?: PluginApi["config"]) {
    const hooks: { name: string; opts: HookOptions | undefined }[] = [];
    const logs = new Logs();
    const api: PluginApi = {
      id: "canon-bridge",
      pluginConfig,
      ...(gateway ? { config: gateway } : {}),
      logger: logs,
      on: (name, _handler, opts) => void hooks.push({ name, opts }),
    };
    return { api, hooks, logs };
  }

  test("says whose messages it will post: the gateway's owners unless userSenders is set", () => {
    const gateway = { commands: { ownerAllowFrom: ["telegram:42", "*"] } };
    const owners = fakeApi({ canonUrl: "http://x", token: "t" }, gateway);
    entry.register(owners.api);
    assert.match(owners.logs.infos.at(-1) ?? "", /the user's senders: telegram:42$/);
    const set = fakeApi({ canonUrl: "http://x", token: "t", userSenders: ["signal:+15550100"] }, gateway);
    entry.register(set.api);
    assert.match(set.logs.infos.at(-1) ?? "", /the user's senders: signal:\+15550100$/);
    const none = fakeApi({ canonUrl: "http://x", token: "t" });
    entry.register(none.api);
    assert.match(none.logs.infos.at(-1) ?? "", /the user's senders: none set$/);
  });

  test("registers both hooks with budgets above its own timeouts", () => {
    const { api, hooks } = fakeApi({ canonUrl: "http://127.0.0.1:8787/v1/", token: "t" });
    entry.register(api);
    assert.deepEqual(hooks, [
      { name: "before_prompt_build", opts: { timeoutMs: 2400 } },
      { name: "message_received", opts: { timeoutMs: 6000 } },
    ]);
    assert.equal(entry.id, "canon-bridge");
  });

  const bad: [Record<string, unknown>, RegExp][] = [
    [{}, /set canonUrl/],
    [{ canonUrl: "ftp://x", token: "t" }, /set canonUrl/],
    [{ canonUrl: "http://x" }, /set token/],
    [{ canonUrl: "http://x", token: "t", entity: "alice" }, /entity looks like user:alice/],
    [{ canonUrl: "http://x", token: "t", contextTimeoutMs: 1.5 }, /contextTimeoutMs must be/],
    [{ canonUrl: "http://x", token: "t", userSenders: "telegram:42" }, /userSenders is a list/],
    [{ canonUrl: "http://x", token: "t", userSenders: [""] }, /userSenders is a list/],
  ];
  for (const [given, message] of bad) {
    test(`refuses ${JSON.stringify(given)} with a clear message`, () => {
      assert.throws(() => entry.register(fakeApi(given).api), message);
    });
  }
});

describe("a sender id or session key someone else chose is one line of the log (src/senders.ts logged)", () => {
  const forged: Array<[string, string]> = [
    ["a line break and a forged gateway line", "77\n[gateway] canon-bridge: messages from telegram:42 are sent to Canon"],
    ["CR LF and a forged plugin line", "77\r\ncanon-bridge: Canon at http://evil.example"],
    ["ANSI escapes: clear the screen, recolour, set the clipboard", "77\u001b[2J\u001b[31mOK\u001b]52;c;cm0gLXJmIH4=\u0007"],
    ["Unicode line and paragraph separators, NEL", "77\u2028forged\u2029line\u0085next"],
    ["zero-width and direction characters", "7\u200b7\u202etixe\u202c\u2066x\u2069"],
    ["a backslash that would fake an escape", "77\\n[gateway] ready"],
    ["a lone surrogate and an astral control", "77\ud800\u{e0041}"],
    ["10,000 characters", "7".repeat(10_000)],
  ];
  /** Nothing a terminal or a log reader would take as a new line, an escape or a turn. */
  const oneLine = (line: string) => !/[\p{C}\p{Zl}\p{Zp}]/u.test(line);

  for (const [name, senderId] of forged) {
    test(`${name}: the refusal is logged on one line, the id escaped`, async () => {
      const fake = await canon(json(200, {}));
      const logs = new Logs();
      const hooks = bridge(config(fake.url, { userSenders: ["telegram:42"] }), logs);
      await hooks.messageReceived({ from: "x", content: "I'm in Reno", messageId: "s1", senderId }, { channelId: "telegram" });
      await hooks.beforePromptBuild(event, { channel: "telegram", senderId, sessionKey: `agent:main:telegram:group:${senderId}` });
      const lines = [...logs.warnings, ...logs.infos];
      assert.ok(lines.length >= 2, lines.join("\n---\n"));
      for (const line of lines) {
        assert.ok(oneLine(line), JSON.stringify(line));
        assert.ok(line.length < 2 * MAX_LOGGED + 200, `${line.length} characters`);
      }
      assert.ok(lines[0]?.startsWith("canon-bridge: messages from telegram:"), lines[0]);
      assert.equal(fake.seen.filter((s) => s.url === "/v1/messages").length, 0, "nothing posted");
    });
  }

  test("logged escapes as JSON would and cuts saying the length; plain ids are themselves", () => {
    assert.equal(logged("telegram:42"), "telegram:42");
    assert.equal(logged("a\nb\u001bc\u202ed\\e"), "a\\nb\\u001bc\\u202ed\\\\e");
    assert.equal(logged("x".repeat(MAX_LOGGED + 5)), `${"x".repeat(MAX_LOGGED)}… (cut from ${MAX_LOGGED + 5} characters)`);
  });
});
