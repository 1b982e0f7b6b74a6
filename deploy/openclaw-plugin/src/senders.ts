/**
 * Whose words a message is. The bridge posts with a delegate token, so Canon takes every
 * posted message as its user's own: "I'm back in Portland" from a group member or a
 * stranger who found the bot would move the user home. Only the user's senders are posted.
 *
 * The user's senders are the plugin's `userSenders`, else the gateway's own owners
 * (`commands.ownerAllowFrom`, which OpenClaw fills from the first paired sender), each
 * `<channel>:<sender id>` ("telegram:123456789") or a bare sender id; wildcards never name
 * anyone. The gateway's own surfaces are the operator's, who is the user: its chat
 * (`webchat`: the Control UI and `chat.send`, clients holding the gateway's token) and runs
 * without a sender id (`openclaw agent`).
 */

/** The gateway's own chat: only clients the gateway authenticated reach it. */
export const OPERATOR_CHANNEL = "webchat";

/** The part of the gateway's config this reads (OpenClaw's `OpenClawConfig`). */
export type GatewayConfig = {
  commands?: { ownerAllowFrom?: Array<string | number> };
};

/** The user's senders: configured ones first, else the gateway's owners; never wildcards. */
export function userSenders(configured: readonly string[] | undefined, gateway?: GatewayConfig): string[] {
  const raw = configured ?? gateway?.commands?.ownerAllowFrom ?? [];
  return raw
    .map((entry) => String(entry).trim())
    .filter((entry) => entry !== "" && entry !== "*" && !entry.endsWith(":*"));
}

/** The most of someone else's text one log line shows (a sender id, a session key). */
export const MAX_LOGGED = 120;

/**
 * Text someone else chose (a sender id, a session key), as a log line shows it: every
 * control, format and separator character but the space escaped (`\n`, `\u001b`,
 * `\u202e`), and a backslash doubled, so it cannot end the line and forge the next
 * ("77\n[gateway] ready"), colour or rewrite the terminal that shows the log, or turn
 * the line around; past MAX_LOGGED characters it is cut, saying how long it was.
 */
export function logged(text: string): string {
  const kept = text.length > MAX_LOGGED ? text.slice(0, MAX_LOGGED) : text;
  const shown = kept.replace(/[\p{C}\p{Z}\\]/gu, (ch) => {
    if (ch === " ") return ch;
    if (ch === "\\") return "\\\\";
    if (ch === "\n") return "\\n";
    const code = ch.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
  return kept === text ? shown : `${shown}… (cut from ${text.length} characters)`;
}

/** What a sender is called in the log and in `userSenders`: `<channel>:<id>`. */
export function senderName(channel: string | undefined, senderId: string): string {
  if (!channel || senderId.toLowerCase().startsWith(`${channel.toLowerCase()}:`)) return senderId;
  return `${channel}:${senderId}`;
}

/**
 * True when the message is the user's: the operator's own surface (the gateway's chat, or
 * no sender id), or a sender id on the list, with or without its channel.
 */
export function fromUser(
  senders: readonly string[],
  channel: string | undefined,
  senderId: string | undefined,
): boolean {
  const id = senderId?.trim();
  if (!id || channel?.toLowerCase() === OPERATOR_CHANNEL) return true;
  const named = senderName(channel, id).toLowerCase();
  return senders.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === named || (!wanted.includes(":") && wanted === id.toLowerCase());
  });
}
