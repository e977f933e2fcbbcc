/**
 * The node:http adapter against a stand-in engine: what goes in to `request()` and what comes out
 * on the wire. The real engine behind it is exercised in server.test.ts.
 */
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serve, type RunningServer, type ServeOptions } from "../../src/http/server.js";
import type { HttpRequest, HttpResponse } from "../../src/types.js";

class RecordingEngine {
  readonly requests: HttpRequest[] = [];
  constructor(private readonly answer: (req: HttpRequest) => HttpResponse | Promise<HttpResponse>) {}
  async request(req: HttpRequest): Promise<HttpResponse> {
    this.requests.push(req);
    return this.answer(req);
  }
}

const ok = (): HttpResponse => ({
  status: 200,
  headers: { etag: 'W/"abc"', "x-ratelimit-remaining": "9" },
  body: { total_count: 1, incomplete_results: false, items: [{ name: "ünïcode" }] },
});

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(engine: RecordingEngine, options: Partial<ServeOptions> = {}): Promise<string> {
  running = await serve(engine, { port: 0, ...options });
  return running.url;
}

describe("serve", () => {
  it("listens on the loopback interface by default and reports its URL", async () => {
    const url = await start(new RecordingEngine(ok));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running?.server.listening).toBe(true);
  });

  it("passes the request target, headers and client address to the engine", async () => {
    const engine = new RecordingEngine(ok);
    const url = await start(engine);
    await fetch(`${url}/search/code?q=a+b&page=2`, { headers: { accept: "application/vnd.github.v3+json" } });
    expect(engine.requests).toHaveLength(1);
    const [req] = engine.requests;
    expect(req.url).toBe("/search/code?q=a+b&page=2");
    expect(req.headers?.accept).toBe("application/vnd.github.v3+json");
    expect(req.ip).toBe("127.0.0.1");
    expect(req.caller).toBeUndefined();
  });

  it("writes status, the engine's headers and a JSON body", async () => {
    const url = await start(new RecordingEngine(ok));
    const res = await fetch(`${url}/search/code?q=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("etag")).toBe('W/"abc"');
    expect(res.headers.get("x-ratelimit-remaining")).toBe("9");
    const text = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual(ok().body);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const url = await start(new RecordingEngine(ok));
    const get = await fetch(`${url}/search/code?q=x`);
    const head = await fetch(`${url}/search/code?q=x`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });

  it("writes 304 without a body", async () => {
    const url = await start(new RecordingEngine(() => ({ status: 304, headers: { etag: 'W/"abc"' }, body: undefined })));
    const res = await fetch(`${url}/search/code?q=x`, { headers: { "if-none-match": 'W/"abc"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe('W/"abc"');
    expect(res.headers.get("content-type")).toBeNull();
    expect(await res.text()).toBe("");
  });

  it("writes error statuses with their bodies", async () => {
    const body = { message: "Validation Failed", errors: [] };
    const url = await start(new RecordingEngine(() => ({ status: 422, headers: {}, body })));
    const res = await fetch(`${url}/search/code?q=`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(body);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 404 without asking the engine", async (method) => {
    const engine = new RecordingEngine(ok);
    const url = await start(engine);
    const res = await fetch(`${url}/search/code?q=x`, { method, body: method === "DELETE" ? undefined : "{}" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Not Found" });
    expect(engine.requests).toHaveLength(0);
  });

  it("turns a throwing engine into a 500 and keeps serving", async () => {
    let calls = 0;
    const url = await start(
      new RecordingEngine(() => {
        calls++;
        if (calls === 1) throw new Error("boom");
        return ok();
      }),
    );
    const failed = await fetch(`${url}/search/code?q=x`);
    expect(failed.status).toBe(500);
    // The cause stays on the server: the body names none of it.
    expect(await failed.json()).toEqual({ message: "Internal error", documentation_url: "https://docs.github.com/rest" });
    expect((await fetch(`${url}/search/code?q=x`)).status).toBe(200);
  });

  it("answers garbage on the wire with 400 and keeps serving", async () => {
    const url = await start(new RecordingEngine(ok));
    const { port } = new URL(url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${url}/search/code?q=x`)).status).toBe(200);
  });

  it("identifies callers with the given authenticate function", async () => {
    const engine = new RecordingEngine(ok);
    const seen: Array<[string | undefined, string]> = [];
    const url = await start(engine, {
      authenticate: (authorization, query) => {
        seen.push([authorization, query.toString()]);
        return authorization === "token s3cret" ? { login: "mona", via: "app-user" } : undefined;
      },
    });
    await fetch(`${url}/search/issues?q=x&client_id=c`, { headers: { authorization: "token s3cret" } });
    await fetch(`${url}/search/issues?q=x`);
    expect(seen).toEqual([
      ["token s3cret", "q=x&client_id=c"],
      [undefined, "q=x"],
    ]);
    expect(engine.requests.map((r) => r.caller)).toEqual([{ login: "mona", via: "app-user" }, undefined]);
  });

  it("treats everyone as anonymous by default, whatever login they claim", async () => {
    const engine = new RecordingEngine(ok);
    const url = await start(engine);
    await fetch(`${url}/search/users?q=x`, { headers: { authorization: "Bearer octocat" } });
    await fetch(`${url}/search/users?q=x&client_id=octocat&client_secret=x`);
    expect(engine.requests.map((r) => r.caller)).toEqual([undefined, undefined]);
  });

  it("close() returns while a client keeps its connection open", async () => {
    const url = await start(new RecordingEngine(ok));
    await fetch(`${url}/search/code?q=x`, { headers: { connection: "keep-alive" } });
    await running?.close();
    expect(running?.server.listening).toBe(false);
    running = undefined;
  });

  it("reports a port that is taken", async () => {
    const url = await start(new RecordingEngine(ok));
    await expect(serve(new RecordingEngine(ok), { port: Number(new URL(url).port) })).rejects.toThrow(/EADDRINUSE/);
  });
});
