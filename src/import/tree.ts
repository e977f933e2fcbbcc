/**
 * The files of a commit's tree, from `git ls-tree -r -z --long`: paths, blob
 * ids and sizes, no contents (those stream later, see blobs.ts).
 */
import { nulTerminated, spawnGit, type Clone } from "./git.js";

export interface TreeFile {
  readonly path: string;
  readonly sha: string;
  readonly size: number;
}

export interface TreeListing {
  /** Regular files (modes 100644 and 100755), in git's path order. */
  readonly files: TreeFile[];
  /** Bytes of every blob in the tree, symbolic links included. */
  readonly blobBytes: number;
}

const REGULAR_FILE_MODES = new Set(["100644", "100755"]);

export async function listTree(clone: Clone, commit: string): Promise<TreeListing> {
  const git = spawnGit(clone, ["ls-tree", "-r", "-z", "--long", "--full-tree", commit]);
  const files: TreeFile[] = [];
  let blobBytes = 0;
  try {
    for await (const line of nulTerminated(git.stdout)) {
      // "<mode> SP <type> SP <sha> SP+ <size> TAB <path>"; submodules ("commit") have size "-".
      const text = line.toString("utf8");
      const tab = text.indexOf("\t");
      const [mode, type, sha, size] = text.slice(0, tab).split(/ +/);
      if (type !== "blob") continue;
      blobBytes += Number(size);
      if (REGULAR_FILE_MODES.has(mode)) files.push({ path: text.slice(tab + 1), sha, size: Number(size) });
    }
    await git.exited;
  } finally {
    git.kill();
  }
  return { files, blobBytes };
}
