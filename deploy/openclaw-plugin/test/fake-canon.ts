/** A stand-in for `canon serve` on loopback: answers from a script and keeps every request. */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: unknown };
export type Reply = (seen: Seen, res: ServerResponse) => void;

export class FakeCanon {
  readonly seen: Seen[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(reply: Reply): Promise<FakeCanon> {
    let fake: FakeCanon | undefined;
    const server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
        fake?.seen.push(seen);
        reply(seen, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeCanon(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function json(status: number, body: unknown): Reply {
  return (_seen, res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
}

/** Never answers: a Canon that hangs. */
export const silence: Reply = () => {};

export class Logs {
  readonly warnings: string[] = [];
  readonly infos: string[] = [];
  warn = (m: string): void => void this.warnings.push(m);
  info = (m: string): void => void this.infos.push(m);
}
