/**
 * Facts about one file record that code search filters on: its name, the
 * directories it lies in, its extensions, its size and whether it is small
 * enough to be searched at all.
 */
import { createHash } from "node:crypto";
import type { RecordLike } from "../types.js";
import { str } from "../../records/read.js";
import { count } from "../shared.js";

/** Files of 384 KB or more are not searchable (the hosting site's limit for code search). */
export const SEARCHABLE_BYTES = 384 * 1024;

function contentOf(file: RecordLike): string | undefined {
  return str(file.content);
}

/** The file name: `name`, or the last component of `path`. */
export function fileName(file: RecordLike): string {
  const path = str(file.path) ?? "";
  return str(file.name) ?? path.slice(path.lastIndexOf("/") + 1);
}

function contentBytes(file: RecordLike): number | null {
  const content = contentOf(file);
  return content === undefined ? null : Buffer.byteLength(content, "utf8");
}

/** Size in bytes: the record's `size`, else the content's UTF-8 length; null when neither is known. */
export function fileSize(file: RecordLike): number | null {
  return count(file.size) ?? contentBytes(file);
}

/**
 * Whether the file is too large to search. The larger of `size` and the
 * content's byte length decides, so that neither a truncated content nor a
 * stale `size` lets a large file in.
 */
export function tooLarge(file: RecordLike): boolean {
  return Math.max(count(file.size) ?? 0, contentBytes(file) ?? 0) >= SEARCHABLE_BYTES;
}

/** The content that is indexed and highlighted: none for files too large to search. */
export function searchableContent(file: RecordLike): string | undefined {
  return tooLarge(file) ? undefined : contentOf(file);
}

function directories(path: string): string[] {
  return path.toLowerCase().split("/").filter(Boolean).slice(0, -1);
}

/**
 * Every run of consecutive directory components of a path, lower-cased:
 * `a/b/c.txt` → `a`, `b`, `a/b`, plus the runs anchored at the root, `/a`
 * and `/a/b`. A file at the root has the single value `/`.
 */
export function directoryRuns(path: string): string[] {
  const dirs = directories(path);
  if (!dirs.length) return ["/"];
  const runs: string[] = [];
  for (let from = 0; from < dirs.length; from++) {
    for (let to = from + 1; to <= dirs.length; to++) {
      const run = dirs.slice(from, to).join("/");
      runs.push(run);
      if (from === 0) runs.push(`/${run}`);
    }
  }
  return runs;
}

/** A `path:` value in the form `directoryRuns` stores: `/` alone is the root, a leading `/` anchors. */
export function directoryQuery(value: string): string | null {
  const v = value.trim().toLowerCase();
  const parts = v.split("/").filter(Boolean);
  const anchored = v.startsWith("/");
  if (!parts.length) return anchored ? "/" : null;
  return `${anchored ? "/" : ""}${parts.join("/")}`;
}

/** `test_helper.rb` → `test_helper.rb`, `test_helper`; `.vimrc` → `.vimrc`. */
export function fileNameKeys(name: string): string[] {
  const lower = name.toLowerCase();
  const dot = lower.lastIndexOf(".");
  return dot > 0 ? [lower, lower.slice(0, dot)] : [lower];
}

/** What the name ends in after each dot: `a.tar.gz` → `tar.gz`, `gz`; `.vimrc` → `vimrc`. */
export function extensionKeys(name: string): string[] {
  const lower = name.toLowerCase();
  const keys: string[] = [];
  for (let dot = lower.indexOf("."); dot !== -1; dot = lower.indexOf(".", dot + 1)) {
    if (dot + 1 < lower.length) keys.push(lower.slice(dot + 1));
  }
  return keys;
}

/** An `extension:` value without one leading dot. */
export function extensionQuery(value: string): string | null {
  const v = value.trim().toLowerCase().replace(/^\./, "");
  return v || null;
}

/** The git blob id of a content: sha1 of `blob <bytes>\0<content>`. */
function blobSha(content: string): string {
  const body = Buffer.from(content, "utf8");
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
}

/** The record's `sha`, else the blob id of its content; null when it has neither. */
export function shaOf(file: RecordLike): string | null {
  const sha = str(file.sha);
  if (sha) return sha;
  const content = contentOf(file);
  return content === undefined ? null : blobSha(content);
}
