// A grant case's documents, from contracts/uploads.json: the BFF embeds the same file and enforces
// every check with the same messages whatever the browser sends, so what the browser checks before
// sending a file is never a different answer from the BFF's. The content's signature is the BFF's
// alone to check (a renamed .exe is refused by it, in its words).
import contract from '../../contracts/uploads.json';
import { BffError, isCancelled } from './bff/error';

export type UploadMessageKey = keyof typeof contract.messages;

/** maxBytes, concurrentUploads, nameMaxLength, chunkBytes, resumableHours and the server's quotas. */
export const uploadLimits = contract.limits;

/** A message of the contract with its {placeholders} filled. */
export function uploadMessage(key: UploadMessageKey, values: Record<string, string | number> = {}): string {
  return contract.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

const accepted = contract.types.flatMap((type) => type.extensions.map((ext) => ({ ext, type })));
const denied = new Set(contract.deniedExtensions);
const rejectedMime = new Set(contract.rejectedMimeTypes);

/** The file input's accept list: every accepted extension ('.pdf,.doc,…'). */
export const ACCEPT = accepted.map(({ ext }) => `.${ext}`).join(',');

/** A name's extension in lower case, without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What a stored name may not have (the BFF's checkName): slashes, '..', control and format
 * characters (the right-to-left override makes 'invoice\u202efdp.exe' read as 'invoiceexe.pdf'),
 * half a surrogate pair (not text at all), spaces at either end, or nothing but '.'.
 */
const INVALID_NAME = /[/\\]|\.\.|[\p{Cc}\p{Cf}\p{Cs}]|^\s|\s$|^\.$/u;

const GO_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * A name quoted as the BFF quotes it in 'The file name {name} cannot be used' (Go's
 * strconv.Quote), so both say the same: in double quotes, with what cannot be printed escaped.
 */
export function quoteName(name: string): string {
  let out = '"';
  for (const ch of name) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (GO_ESCAPES[ch]) out += GO_ESCAPES[ch];
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (ch !== ' ' && /[\p{C}\p{Z}]/u.test(ch)) out += cp > 0xffff ? `\\U${hex(cp, 8)}` : `\\u${hex(cp, 4)}`;
    else out += ch;
  }
  return `${out}"`;
}

/** What the checks need of a file: the browser's File has all three. */
export interface FileLike {
  name: string;
  size: number;
  /** The MIME type the browser declares; '' when it knows none. */
  type: string;
}

/**
 * The message for a file this block cannot send, or null when it may be queued. `queuedNames` are
 * the names already in the block's queue. The order is the BFF's: the name, then a missing
 * extension, the denied extensions and rejected MIME types (whose messages win), then the
 * accepted types, then the size.
 */
export function checkFile(file: FileLike, queuedNames: ReadonlySet<string> | readonly string[] = []): string | null {
  const { name, size } = file;
  // Characters as the contract counts them (code points), not UTF-16 units.
  if ([...name].length > uploadLimits.nameMaxLength) return uploadMessage('nameTooLong', { max: uploadLimits.nameMaxLength });
  if (name === '' || INVALID_NAME.test(name)) return uploadMessage('nameInvalid', { name: quoteName(name) });
  const names = queuedNames instanceof Set ? queuedNames : new Set(queuedNames as readonly string[]);
  if (names.has(name)) return uploadMessage('duplicateInQueue', { name });

  const ext = fileExtension(name);
  const declared = file.type.split(';')[0].trim().toLowerCase();
  if (ext === '') return uploadMessage('mimeNotAllowed');
  if (denied.has(ext)) return uploadMessage('typeNotAllowed', { ext });
  if (rejectedMime.has(declared)) return uploadMessage('mimeNotAllowed');
  const type = accepted.find((a) => a.ext === ext)?.type;
  if (!type) return uploadMessage('typeNotAllowed', { ext });
  // An empty declared type is allowed (some browsers know none for .docx); any other must be the type's.
  if (declared !== '' && declared !== type.mime && !type.alsoDeclared.includes(declared)) return uploadMessage('mimeNotAllowed');

  if (size > uploadLimits.maxBytes) return uploadMessage('tooLarge');
  if (size === 0) return uploadMessage('empty', { name });
  return null;
}

/** A file's size for people: '812 bytes', '300 KB', '4.2 MB', '20 MB' (as the contract words its limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  // 1023.6 KB rounds to 1 MB, not '1024 KB'.
  if (bytes < 1024 * 1023.5) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

/**
 * Statuses whose problem+json detail the BFF words for the member (openapi: createCaseUpload,
 * sendCaseUploadChunk); 413 and 429 carry the quotas' messages too (caseFull, dailyLimit,
 * tooManyInFlight).
 */
const WORDED_BY_BFF = new Set([400, 403, 404, 409, 413, 429, 503]);

/**
 * Why an upload failed, for the member (spec 2 §8): the member's Cancel, the BFF not reached, a
 * session that ended, or the BFF's own words for a refusal; anything the BFF did not word is the
 * catalogue's unknown or unhandled error.
 */
export function uploadFailure(error: unknown, name: string, supportPhone: string): string {
  if (isCancelled(error)) return uploadMessage('cancelled', { name });
  const e = BffError.from(error);
  if (e.status === 0) return uploadMessage('problem', { file: name });
  if (e.status === 401) return uploadMessage('unauthorized', { name, phone: supportPhone });
  if (WORDED_BY_BFF.has(e.status) && e.problem?.detail) return e.problem.detail;
  if (e.status === 413) return uploadMessage('tooLarge');
  if (e.status === 503) return uploadMessage('unavailable', { phone: supportPhone });
  if (e.status === 500) return uploadMessage('unknown');
  // A gateway between the browser and the BFF (502, 504): the file did not get through.
  if (e.status > 500) return uploadMessage('problem', { file: name });
  return uploadMessage('unhandled', { code: e.status });
}

/** Why submitting the uploaded files failed: the BFF's words for a refused request, else the catalogue's. */
export function submitFailure(error: unknown): string {
  const e = BffError.from(error);
  if (e.status === 400 && e.problem?.detail) return e.problem.detail;
  return uploadMessage('submitFailed');
}
