/**
 * File contents from git. Searchable files come through one
 * `git cat-file --batch` process: object ids go in on stdin while contents
 * come back on stdout, both streamed with back-pressure, so that one file's
 * content at most is held at a time. Files too large to search are only
 * tested for binary content: a short-lived `git cat-file blob` is read for
 * its first bytes and stopped, which costs a few milliseconds where reading
 * the whole file through could cost seconds.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { spawnGit, type Clone } from "./git.js";

/** Git's rule for binary files: a NUL byte among the first 8000. */
const BINARY_SNIFF_BYTES = 8000;

export interface BlobRequest {
  readonly sha: string;
  readonly size: number;
}

export interface BlobContent<T extends BlobRequest> {
  readonly blob: T;
  readonly binary: boolean;
  /** The whole content when the blob is under the size limit, else null. */
  readonly content: Buffer | null;
}

/** Contents of `blobs`, in the same order; blobs of `keepBelow` bytes or more come without content. */
export async function* readBlobs<T extends BlobRequest>(clone: Clone, blobs: readonly T[], keepBelow: number): AsyncGenerator<BlobContent<T>> {
  const git = spawnGit(clone, ["cat-file", "--batch"], { input: true });
  const requests = pipeline(Readable.from(requestLines(blobs, keepBelow)), git.stdin);
  requests.catch(() => {}); // a failed git is reported through `exited`
  const batch = parseBatchOutput(git.stdout);
  try {
    for (const blob of blobs) {
      if (blob.size >= keepBelow) {
        yield { blob, binary: isBinary(await readHead(clone, blob.sha)), content: null };
        continue;
      }
      const next = await batch.next();
      if (next.done) break; // git stopped early: `exited` below says why
      yield { blob, binary: isBinary(next.value), content: next.value };
    }
    await git.exited;
    await requests;
  } finally {
    git.kill();
    await batch.return(undefined);
  }
}

function* requestLines(blobs: readonly BlobRequest[], keepBelow: number): Generator<string> {
  for (const blob of blobs) if (blob.size < keepBelow) yield `${blob.sha}\n`;
}

function isBinary(content: Buffer): boolean {
  return content.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** The first BINARY_SNIFF_BYTES of a blob (fewer if it is shorter). */
async function readHead(clone: Clone, sha: string): Promise<Buffer> {
  const git = spawnGit(clone, ["cat-file", "blob", sha]);
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of git.stdout) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= BINARY_SNIFF_BYTES) return Buffer.concat(parts).subarray(0, BINARY_SNIFF_BYTES);
    }
    await git.exited;
    return Buffer.concat(parts);
  } finally {
    git.kill();
  }
}

type State = { step: "header"; parts: Buffer[] } | { step: "body"; remaining: number; parts: Buffer[] } | { step: "separator"; content: Buffer };

/** Parses "<sha> <type> <size>\n<content>\n" records, whatever the chunk boundaries. */
async function* parseBatchOutput(stdout: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let state: State = { step: "header", parts: [] };
  for await (const chunk of stdout) {
    let at = 0;
    while (at < chunk.length) {
      if (state.step === "header") {
        const newline = chunk.indexOf(10, at);
        if (newline === -1) {
          state.parts.push(chunk.subarray(at));
          break;
        }
        const header = Buffer.concat([...state.parts, chunk.subarray(at, newline)]).toString("utf8");
        at = newline + 1;
        const [, type, size] = header.split(" ");
        if (type !== "blob") throw new Error(`git cat-file: expected a blob, got "${header}"`);
        state = { step: "body", remaining: Number(size), parts: [] };
      } else if (state.step === "body") {
        const take = Math.min(state.remaining, chunk.length - at);
        state.parts.push(chunk.subarray(at, at + take));
        state.remaining -= take;
        at += take;
        if (state.remaining === 0) state = { step: "separator", content: Buffer.concat(state.parts) };
      } else {
        at += 1; // the newline after each content
        const { content } = state;
        state = { step: "header", parts: [] };
        yield content;
      }
    }
  }
}
