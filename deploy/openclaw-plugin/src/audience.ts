/**
 * Who reads the reply to a turn. Canon's context block is the user's private state (where
 * they are, their bills, their family's plans): it goes before a prompt only when the
 * reply is the user's alone to read.
 *
 * A group or a channel is read by everyone in it, so its turns get no context block,
 * whoever wrote the turn's message (the user too: the reply goes to the group). OpenClaw
 * names such a conversation in its session key, `[agent:<id>:]<channel>:group:<id>` or
 * `...:channel:<id>` (threads and topics append to it), as its own
 * `parseRawSessionConversationRef` reads it. A turn another sender started (a stranger
 * who found the bot, a group member in a room routed into the main session) is answered
 * to them, so it gets none either.
 */

/** True when the session key names a group or a channel: others read the reply. */
export function sharedConversation(sessionKey: string | undefined): boolean {
  const parts = (sessionKey ?? "").trim().split(":");
  const body = parts[0]?.toLowerCase() === "agent" ? parts.slice(2) : parts;
  const kind = body[1]?.toLowerCase();
  return body.length >= 3 && !!body[0] && !!body[2] && (kind === "group" || kind === "channel");
}
