/** The code result item (2.4) and the URLs it and its text matches share. */
import { repoNames, repositoryObject } from "../../render/objects.js";
import { str } from "../../records/read.js";
import { ownerLogin, repositoryRecordOf } from "../shared.js";
import type { RecordLike, RenderContext } from "../types.js";
import { fileName, shaOf } from "./files.js";

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

export interface FileUrls {
  url: string;
  git_url: string | null;
  html_url: string;
}

/**
 * The API, blob and web URLs of a file at its sha. A record with neither a
 * sha nor a content has no blob id: its URLs name the default branch instead
 * and it has no git_url.
 */
export function fileUrls(file: RecordLike, ctx: RenderContext): FileUrls {
  const repo = repositoryRecordOf(file, ctx.store);
  const { fullName } = repoNames(repo);
  const sha = shaOf(file);
  const ref = sha ?? str(repo.default_branch) ?? "HEAD";
  const path = encodePath(str(file.path) ?? "");
  return {
    url: `${ctx.baseUrl}/repos/${fullName}/contents/${path}?ref=${ref}`,
    git_url: sha ? `${ctx.baseUrl}/repos/${fullName}/git/blobs/${sha}` : null,
    html_url: `${ctx.htmlUrl}/${fullName}/blob/${ref}/${path}`,
  };
}

export function codeItem(file: RecordLike, ctx: RenderContext): Record<string, unknown> {
  const repo = repositoryRecordOf(file, ctx.store);
  const urls = fileUrls(file, ctx);
  return {
    name: fileName(file),
    path: str(file.path) ?? "",
    sha: shaOf(file),
    url: urls.url,
    git_url: urls.git_url,
    html_url: urls.html_url,
    repository: repositoryObject(repo, ctx, ctx.store.user(ownerLogin(repo, str(repo.full_name)))),
  };
}
