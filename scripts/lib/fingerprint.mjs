import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A SHA-256 over the paths and contents of the given files and directories (recursively), used to
 * tell whether installed dependencies or a client build are stale. Missing entries count as empty.
 */
export function fingerprint(root, entries) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    let stat;
    try {
      stat = fs.statSync(absolute);
    } catch {
      hash.update(`missing:${relative}\n`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(absolute).sort()) visit(path.join(relative, name));
    } else {
      hash.update(`file:${relative}\n`);
      hash.update(fs.readFileSync(absolute));
    }
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex');
}

export function readStamp(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function writeStamp(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`);
}
